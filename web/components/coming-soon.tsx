import { Link } from "@tanstack/react-router";
import { SproutIcon } from "./icons.tsx";
import { MessageScreen } from "./message-screen.tsx";

/** Placeholder for a screen whose work has not landed yet: "Sign In — coming soon". */
export function ComingSoon({ title }: { title: string }) {
  return (
    <MessageScreen
      title={`${title} — coming soon`}
      documentTitle={title}
      boxed
      icon={
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-sage-100 text-sage-700">
          <SproutIcon className="size-7" />
        </span>
      }
      actions={
        <>
          <Link to="/products" className="btn btn-primary">
            Browse products
          </Link>
          <Link to="/" className="btn btn-outline">
            Back to home
          </Link>
        </>
      }
    >
      We are still preparing this page. In the meantime, take a look at our products or come back a little later.
    </MessageScreen>
  );
}
