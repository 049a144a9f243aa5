import { hc } from "hono/client";
import type { AppType } from "../../../worker/app.ts";
import type { OutboxEntry } from "../../lib/admin-outbox.ts";
import type { SendResult } from "./outbox-replayer.ts";

/**
 * Each outbox entry as its request to the admin API (SPEC §7), through the typed client over the
 * given fetch (the session's, in the browser): the entry's key as `Idempotency-Key`, the version
 * it was based on as `If-Match`, a reorder with the order it was based on.
 */
export function outboxSender(fetch: typeof globalThis.fetch): (entry: OutboxEntry) => Promise<SendResult> {
  const admin = hc<AppType>("/api", { fetch }).admin;
  return async ({ key, change }) => {
    const headers = (version?: number) => ({
      headers: { "Idempotency-Key": key, ...(version === undefined ? {} : { "If-Match": `"${version}"` }) },
    });
    const request = () => {
      switch (change.kind) {
        case "product.create":
          return admin.products.$post({ json: change.input }, headers());
        case "product.update":
          return admin.products[":id"].$put(
            { param: { id: String(change.id) }, json: change.input },
            headers(change.baseVersion),
          );
        case "product.delete":
          return admin.products[":id"].$delete({ param: { id: String(change.id) } }, headers(change.baseVersion));
        case "category.create":
          return admin.categories.$post({ json: change.input }, headers());
        case "category.update":
          return admin.categories[":id"].$put(
            { param: { id: String(change.id) }, json: change.input },
            headers(change.baseVersion),
          );
        case "category.delete":
          return admin.categories[":id"].$delete({ param: { id: String(change.id) } }, headers(change.baseVersion));
        case "reorder":
          return admin.products.reorder.$post(
            {
              json: {
                reorder_by_ids: {
                  ids: change.ids,
                  based_on: change.basedOn,
                  ...(change.categoryId === undefined ? {} : { category_id: change.categoryId }),
                },
              },
            },
            headers(),
          );
      }
    };
    let response: Response;
    try {
      response = (await request()) as unknown as Response;
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
