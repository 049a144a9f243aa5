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
