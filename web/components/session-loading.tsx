import { m } from "../paraglide/messages.js";

/** What docs/product.md §2's guards show while the stored session is being confirmed. */
export function SessionLoading() {
  return (
    <p role="status" className="container-page py-24 text-center text-muted">
      {m.loading()}
    </p>
  );
}
