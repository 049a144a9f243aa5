import { hc } from "hono/client";
import type { AppType } from "../../../../worker/app.ts";
import type { CategoryInput, ProductInput } from "../../../../worker/contract/admin.ts";
import type { OutboxEntry } from "../../../lib/admin-outbox.ts";
import type { SendResult } from "./outbox-replayer.ts";

type Options = { headers: Record<string, string> };
/** What the typed client's products and categories both offer: POST one, PUT and DELETE one by id. */
type Writable = {
  $post(args: { json: ProductInput | CategoryInput }, options: Options): Promise<Response>;
  ":id": {
    $put(args: { param: { id: string }; json: ProductInput | CategoryInput }, options: Options): Promise<Response>;
    $delete(args: { param: { id: string } }, options: Options): Promise<Response>;
  };
};

/**
 * Each outbox entry as its request to the admin API (docs/product.md §7), through the typed client over the
 * given fetch (the session's, in the browser): the entry's key as `Idempotency-Key`, the version
 * it was based on as `If-Match`, a reorder with the order it was based on.
 */
export function outboxSender(
  fetch: typeof globalThis.fetch,
  /** A photo's upload: multipart, with its progress told as it goes (photo-upload.ts). */
  sendPhoto: (change: Extract<OutboxEntry["change"], { kind: "photo.upload" }>, key: string) => Promise<SendResult>,
): (entry: OutboxEntry) => Promise<SendResult> {
  const admin = hc<AppType>("/api", { fetch }).admin;
  return async ({ key, change }) => {
    if (change.kind === "photo.upload") return sendPhoto(change, key);
    const headers = (version?: number) => ({
      headers: { "Idempotency-Key": key, ...(version === undefined ? {} : { "If-Match": `"${version}"` }) },
    });
    const request = () => {
      if (change.kind === "reorder") {
        const { ids, basedOn: based_on, categoryId } = change;
        const scope = categoryId === undefined ? {} : { category_id: categoryId };
        return admin.products.reorder.$post({ json: { reorder_by_ids: { ids, based_on, ...scope } } }, headers());
      }
      // Products and categories answer to the same three requests (docs/product.md §7).
      const rows = (change.kind.startsWith("product") ? admin.products : admin.categories) as unknown as Writable;
      if ("tempId" in change) return rows.$post({ json: change.input }, headers());
      const one = { param: { id: String(change.id) } };
      if ("input" in change) return rows[":id"].$put({ ...one, json: change.input }, headers(change.baseVersion));
      return rows[":id"].$delete(one, headers(change.baseVersion));
    };
    let response: Response;
    try {
      response = (await request()) as Response;
    } catch {
      return { status: "no-answer" };
    }
    // A body cut off on its way is no answer either: the request may or may not have been applied.
    const text = await response.text().catch(() => undefined);
    if (text === undefined) return { status: "no-answer" };
    const retryAfter = Number(response.headers.get("Retry-After")) || undefined;
    let body: unknown;
    try {
      body = text === "" ? undefined : JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, body, retryAfter };
  };
}
