import { callWorker } from "../../../lib/worker-calls.ts";
import type { encodeVariant, PhotoPlan, PhotoType, PhotoVariant, planPhoto } from "./photo-pipeline.ts";

/*
 * The page's side of the photo worker (admin-photo-worker.ts, ADR 0091): its two functions called
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
