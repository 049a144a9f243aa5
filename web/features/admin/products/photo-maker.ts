import {
  ownPicturesCache,
  parsePhotoAddress,
  photoFormats,
  photoVariantPath,
} from "../../../../worker/contract/photos.ts";
import { callWorker } from "../../../lib/worker-calls.ts";
import type {
  encodePreview,
  encodeVariant,
  PhotoPlan,
  PhotoPreview,
  PhotoType,
  PhotoVariant,
  planPhoto,
} from "./photo-pipeline.ts";

/*
 * The page's side of the photo worker (admin-photo-worker.ts, ADR 0091): its functions called
 * as if they were here (web/lib/worker-calls.ts). One worker for the admin's page, started when the
 * first photo is chosen; it decodes one photo at a time, the page's thread none.
 */

let call: (<T>(name: string, ...args: unknown[]) => Promise<T>) | undefined;

function photoWorker() {
  call ??= callWorker(
    new Worker(new URL("./admin-photo-worker.ts", import.meta.url), { type: "module", name: "photos" }),
    () => {},
  );
  return call;
}

export const planPhotoOnDevice = (file: File): Promise<PhotoPlan> =>
  photoWorker()<Awaited<ReturnType<typeof planPhoto>>>("planPhoto", file);

export const encodeVariantOnDevice = (
  file: File,
  size: { width: number; height: number },
  width: number,
  type?: PhotoType,
): Promise<PhotoVariant> =>
  photoWorker()<Awaited<ReturnType<typeof encodeVariant>>>("encodeVariant", file, size, width, type);

/**
 * The address the server will give a photo (worker/contract/photos.ts): its largest variant's
 * SHA-256, width and format. Known on the device, so a product can list the photo before the
 * upload (ADR 0093).
 */
export async function photoAddressOf(largest: { width: number; blob: Blob }): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await largest.blob.arrayBuffer()));
  const hash = Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
  const extension = largest.blob.type === photoFormats.webp ? "webp" : "jpg";
  return photoVariantPath({ hash, width: largest.width, extension }, largest.width);
}

/**
 * Puts a photo's variants where this device's service worker answers `/images/…` from, so every
 * screen here shows the photo at once, online or not; the upload later stores the same bytes.
 */
export async function keepPhotoOnDevice(src: string, variants: { width: number; blob: Blob }[]): Promise<void> {
  const address = parsePhotoAddress(src);
  if (!address || !("caches" in self)) return;
  const cache = await caches.open(ownPicturesCache);
  await Promise.all(
    variants.map(({ width, blob }) =>
      cache.put(photoVariantPath(address, width), new Response(blob, { headers: { "Content-Type": blob.type } })),
    ),
  );
}

/**
 * The photo's 1200 × 630 link preview (ADR 0094), made after its variants by the same worker. Its
 * time is measured as `photo-link-preview` (`npm run bench -- photos` reports it).
 */
export async function encodePreviewOnDevice(
  file: File,
  plan: { width: number; height: number },
): Promise<PhotoPreview> {
  const start = performance.now();
  const size = { width: plan.width, height: plan.height };
  const preview = await photoWorker()<Awaited<ReturnType<typeof encodePreview>>>("encodePreview", file, size);
  performance.measure("photo-link-preview", { start });
  return preview;
}
