import { type PhotoUpload, photoUploadSchema } from "../../../../worker/contract/photo-upload.ts";
import { photoPreviewField, photoUploadField } from "../../../../worker/contract/photos.ts";
import { ApiResponseError, errorFromResponse, NetworkError } from "../../../lib/api-client.ts";
import { getSessionManager } from "../../../lib/session.ts";
import { m } from "../../../paraglide/messages.js";
import { getLocale } from "../../../paraglide/runtime.js";
import type { MadePhoto } from "./photo-pipeline.ts";

/**
 * Sends one photo's variants to `POST /api/admin/images`, one `variant` part each, and its link
 * preview as the `preview` part when it has one (ADR 0094), as the admin's
 * other writes go: the bearer token, the page's language and an `Idempotency-Key` the caller keeps
 * for retries of the same photo. XMLHttpRequest rather than fetch: its `upload.onprogress` reports
 * the bytes sent in every browser, where fetch can only with a streamed body, which Safari and
 * Firefox do not send and Chromium only over HTTP/2 (ADR 0091).
 */
export async function uploadPhoto(
  { variants, preview }: MadePhoto,
  key: string,
  { onProgress, signal }: { onProgress(sent: number): void; signal: AbortSignal },
): Promise<PhotoUpload> {
  const token = await getSessionManager().getAccessToken();
  const body = new FormData();
  for (const { width, blob } of variants) {
    body.append(photoUploadField, blob, `${width}.${blob.type === "image/webp" ? "webp" : "jpg"}`);
  }
  if (preview) body.append(photoPreviewField, preview, "preview.jpg");
  const request = new XMLHttpRequest();
  const answered = new Promise<XMLHttpRequest>((resolve, reject) => {
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener("load", () => resolve(request));
    request.addEventListener("error", () => reject(new NetworkError(m.session_no_answer())));
    request.addEventListener("timeout", () => reject(new NetworkError(m.session_no_answer())));
    request.addEventListener("abort", () => reject(new DOMException("The upload was cancelled.", "AbortError")));
  });
  signal.addEventListener("abort", () => request.abort(), { once: true });
  request.open("POST", "/api/admin/images");
  if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
  request.setRequestHeader("Accept-Language", getLocale());
  request.setRequestHeader("Idempotency-Key", key);
  request.send(body);
  const done = await answered;
  const response = {
    ok: done.status >= 200 && done.status < 300,
    status: done.status,
    statusText: done.statusText,
    text: async () => done.responseText,
    json: async () => JSON.parse(done.responseText) as unknown,
  };
  if (!response.ok) throw await errorFromResponse(response);
  const uploaded = photoUploadSchema.safeParse(await response.json().catch(() => undefined));
  if (!uploaded.success) throw new ApiResponseError(done.status, "http_error", m.photos_upload_failed());
  return uploaded.data;
}
