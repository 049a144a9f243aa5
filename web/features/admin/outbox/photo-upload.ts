import { photoPreviewField, photoUploadField } from "../../../../worker/contract/photos.ts";
import type { OutboxChange } from "../../../lib/admin-outbox.ts";
import { getSessionManager } from "../../../lib/session.ts";
import { getLocale } from "../../../paraglide/runtime.js";
import type { SendResult } from "./outbox-replayer.ts";

type PhotoChange = Extract<OutboxChange, { kind: "photo.upload" }>;

/** How far each photo's upload has gone (0 to 1), by its address, while it goes. */
const progress = new Map<string, number>();
const listeners = new Set<() => void>();
const tell = (src: string, sent: number | undefined) => {
  if (sent === undefined) progress.delete(src);
  else progress.set(src, sent);
  for (const listener of listeners) listener();
};

/** For useSyncExternalStore: the share of a photo's bytes sent so far, undefined when none is going. */
export const photoProgress = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  of: (src: string) => progress.get(src),
};

/**
 * Sends one photo's outbox entry to `POST /api/admin/images` (ADR 0089, 0093), one `variant` part
 * each and its `preview`, as the outbox sends every change: the bearer token (a 401 refreshes it once), the page's
 * language and the entry's key as `Idempotency-Key`. XMLHttpRequest rather than fetch: its
 * `upload.onprogress` reports the bytes sent in every browser, where fetch can only with a
 * streamed body, which Safari and Firefox do not send and Chromium only over HTTP/2 (ADR 0091).
 */
export async function sendPhoto({ src, variants, preview }: PhotoChange, key: string): Promise<SendResult> {
  const body = new FormData();
  for (const { width, blob } of variants) {
    body.append(photoUploadField, blob, `${width}.${blob.type === "image/webp" ? "webp" : "jpg"}`);
  }
  // The link preview (ADR 0094) as its own part; an entry queued before previews existed has none.
  if (preview) body.append(photoPreviewField, preview, "preview.jpg");
  const send = (bearer: string | null) =>
    new Promise<SendResult>((resolve) => {
      const request = new XMLHttpRequest();
      request.upload.addEventListener("progress", (event) => {
        if (event.lengthComputable) tell(src, event.loaded / event.total);
      });
      request.addEventListener("load", () => {
        let answer: unknown;
        try {
          answer = JSON.parse(request.responseText);
        } catch {
          answer = undefined;
        }
        const retryAfter = Number(request.getResponseHeader("Retry-After")) || undefined;
        resolve({ status: request.status, body: answer, retryAfter });
      });
      for (const failure of ["error", "timeout", "abort"]) {
        request.addEventListener(failure, () => resolve({ status: "no-answer" }));
      }
      request.open("POST", "/api/admin/images");
      if (bearer) request.setRequestHeader("Authorization", `Bearer ${bearer}`);
      request.setRequestHeader("Accept-Language", getLocale());
      request.setRequestHeader("Idempotency-Key", key);
      tell(src, 0);
      request.send(body);
    });
  try {
    return await getSessionManager().authorized(send);
  } finally {
    tell(src, undefined);
  }
}
