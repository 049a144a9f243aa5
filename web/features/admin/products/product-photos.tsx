import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { parsePhotoAddress, photoVariantPath, photoWidthsFor } from "../../../../worker/contract/photos.ts";
import { m } from "../../../paraglide/messages.js";
import { writeErrorMessage } from "../admin-api.ts";
import { IconButton } from "../admin-ui.tsx";
import { encodePreviewOnDevice, encodeVariantOnDevice, planPhotoOnDevice } from "./photo-maker.ts";
import type { MadePhoto, PhotoType } from "./photo-pipeline.ts";
import { uploadPhoto } from "./photo-upload.ts";

/** Issue 41: at most this many photos chosen at once. */
export const photosAtOnce = 10;

/** A chosen photo on its way: made on the device, then uploaded. */
interface PendingPhoto {
  /** Also its upload's `Idempotency-Key`: a retry of the same photo stores nothing twice. */
  key: string;
  name: string;
  preview?: string;
  /** 0 to 1 while uploading; undefined while the variants are made. */
  progress?: number;
  error?: string;
  /** Kept for a retry after a failed upload. */
  made?: MadePhoto;
}

const notMade = (reason: "cannot-decode" | "metadata-left", name: string) =>
  reason === "metadata-left" ? m.photos_metadata_left({ name }) : m.photos_cannot_open({ name });

/**
 * "Add Photos" in the product form (issue 41, ADR 0091): the admin takes or picks up to 10 photos;
 * each is made into its variants on the device (photo-maker.ts), previewed, uploaded with a
 * progress bar, and its address joins the product's `images` (where typed URLs keep working). The
 * photos already in `images` are shown as tiles to move (the first image is the main picture) or
 * remove.
 */
export function ProductPhotos({
  images,
  onChange,
}: {
  images: readonly string[];
  /** Changes the form's `images` from their latest value (uploads finish at any time). */
  onChange(update: (images: string[]) => string[]): void;
}) {
  const id = useId();
  const [pending, setPending] = useState<PendingPhoto[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  // The previews of photos uploaded here: their addresses may not be served yet to this device.
  const previews = useRef(new Map<string, string>());
  const uploads = useRef(new Map<string, AbortController>());
  // One upload at a time, in the order chosen: the photos join the images in that order, and a
  // phone's uplink is no faster for sending two at once.
  const queue = useRef(Promise.resolve());

  useEffect(() => {
    const made = previews.current;
    const running = uploads.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      for (const url of made.values()) URL.revokeObjectURL(url);
    };
  }, []);

  const update = (key: string, change: Partial<PendingPhoto>) =>
    setPending((all) => all.map((photo) => (photo.key === key ? { ...photo, ...change } : photo)));

  const upload = async (key: string, name: string, made: MadePhoto, preview: string) => {
    const controller = new AbortController();
    uploads.current.set(key, controller);
    update(key, { progress: 0, error: undefined, made });
    try {
      const { src: url } = await uploadPhoto(made, key, {
        onProgress: (progress) => update(key, { progress }),
        signal: controller.signal,
      });
      previews.current.set(url, preview);
      setPending((all) => all.filter((photo) => photo.key !== key));
      // The same photo chosen twice has the same address (named by its bytes): listed once.
      onChange((current) => [...current.filter((image) => image.trim() !== "" && image !== url), url]);
    } catch (error) {
      if (controller.signal.aborted) return;
      update(key, { progress: undefined, error: `${name}: ${writeErrorMessage(error, m.photos_upload_failed())}` });
    } finally {
      uploads.current.delete(key);
    }
  };

  /** Makes every chosen photo's preview first (each within moments), then the rest, one photo at a time. */
  const addPhotos = async (files: File[]) => {
    const chosen = files.map((file) => ({ file, key: crypto.randomUUID(), name: file.name }));
    setPending((all) => [...all, ...chosen.map(({ key, name }) => ({ key, name }))]);
    const started = chosen.map(async ({ file, key, name }) => {
      const plan = await planPhotoOnDevice(file);
      const failed = (text: string) => {
        update(key, { error: text });
        return undefined;
      };
      if (!plan.ok) return failed(m.photos_cannot_open({ name }));
      const [smallest = plan.width] = plan.widths;
      const first = await encodeVariantOnDevice(file, plan, smallest);
      if (!first.ok) {
        return failed(notMade(first.reason, name));
      }
      const preview = URL.createObjectURL(first.blob);
      update(key, { preview });
      return { file, key, name, plan, first, preview };
    });
    const ready = await Promise.all(started);
    for (const photo of ready) {
      if (!photo) continue;
      const { file, key, name, plan, first, preview } = photo;
      const variants = [{ width: first.width, blob: first.blob }];
      let failure: string | undefined;
      for (const width of plan.widths.slice(1)) {
        const variant = await encodeVariantOnDevice(file, plan, width, first.type as PhotoType);
        if (!variant.ok) {
          failure = notMade(variant.reason, name);
          break;
        }
        variants.push({ width: variant.width, blob: variant.blob });
      }
      if (failure) {
        update(key, { error: failure });
        continue;
      }
      // The link preview (ADR 0094): a photo it cannot be cut from still uploads, without one.
      const linkPreview = await encodePreviewOnDevice(file, plan);
      const made = { variants, preview: linkPreview.ok ? linkPreview.blob : undefined };
      queue.current = queue.current.then(() => upload(key, name, made, preview));
    }
  };

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = "";
    if (files.length === 0) return;
    if (files.length > photosAtOnce) {
      setMessage(m.photos_too_many({ count: files.length }));
      return;
    }
    setMessage(null);
    void addPhotos(files);
  };

  const removePending = (key: string) => {
    uploads.current.get(key)?.abort();
    setPending((all) => {
      const photo = all.find((one) => one.key === key);
      if (photo?.preview) URL.revokeObjectURL(photo.preview);
      return all.filter((one) => one.key !== key);
    });
  };

  // The stored photos among the images, in the images' order; the first image is the main picture.
  const firstImage = images.findIndex((image) => image.trim() !== "");
  const photos = images.flatMap((src, index) => {
    const address = parsePhotoAddress(src);
    if (!address) return [];
    const [smallest = address.width] = photoWidthsFor(address.width);
    return [{ src, index, preview: previews.current.get(src) ?? photoVariantPath(address, smallest) }];
  });
  /** Swaps an image with its neighbour in the whole list (a typed URL can be the neighbour). */
  const move = (index: number, by: -1 | 1) =>
    onChange((current) => {
      const filled = current.filter((image) => image.trim() !== "");
      const at = filled.indexOf(images[index] as string);
      const to = at + by;
      if (at < 0 || to < 0 || to >= filled.length) return current;
      [filled[at], filled[to]] = [filled[to] as string, filled[at] as string];
      return filled;
    });
  const remove = (src: string) =>
    onChange((current) => {
      const rest = current.filter((image) => image !== src);
      // The form keeps one image field to type into (docs/product.md §4).
      return rest.length > 0 ? rest : [""];
    });
  const lastFilled = images.findLastIndex((image) => image.trim() !== "");

  return (
    <div className="mt-1 mb-5">
      <p id={`${id}-hint`} className="text-sm text-muted">
        {m.photos_hint()}
      </p>
      {photos.length + pending.length > 0 ? (
        <ul aria-label={m.photos_list()} className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {photos.map(({ src, index, preview }, place) => (
            <li key={src} className="overflow-hidden rounded-xl border border-sand bg-white">
              <div className="relative">
                <img
                  src={preview}
                  alt={m.photos_photo_number({ number: place + 1 })}
                  className="aspect-square w-full object-cover"
                />
                {index === firstImage ? (
                  <span className="absolute left-2 top-2 rounded-full bg-sage-800 px-2.5 py-0.5 text-xs font-semibold text-white">
                    {m.photos_main()}
                  </span>
                ) : null}
              </div>
              <div className="flex justify-between gap-1 p-1.5">
                <IconButton
                  label={m.photos_move_earlier({ number: place + 1 })}
                  className="btn btn-outline min-h-11 min-w-11 px-0"
                  disabled={index === firstImage}
                  onClick={() => move(index, -1)}
                >
                  <span aria-hidden="true">←</span>
                </IconButton>
                <IconButton
                  label={m.photos_move_later({ number: place + 1 })}
                  className="btn btn-outline min-h-11 min-w-11 px-0"
                  disabled={index === lastFilled}
                  onClick={() => move(index, 1)}
                >
                  <span aria-hidden="true">→</span>
                </IconButton>
                <IconButton
                  label={m.photos_remove({ number: place + 1 })}
                  className="btn btn-outline min-h-11 min-w-11 px-0"
                  onClick={() => remove(src)}
                >
                  <span aria-hidden="true">×</span>
                </IconButton>
              </div>
            </li>
          ))}
          {pending.map((photo, place) => {
            const number = photos.length + place + 1;
            return (
              <li key={photo.key} className="overflow-hidden rounded-xl border border-sand bg-white">
                {photo.preview ? (
                  <img
                    src={photo.preview}
                    alt={m.photos_photo_number({ number })}
                    className="aspect-square w-full object-cover"
                  />
                ) : (
                  <div className="grid aspect-square w-full place-items-center bg-linen text-sm text-muted">
                    {photo.error ? null : m.photos_preparing()}
                  </div>
                )}
                <div className="space-y-1.5 p-1.5">
                  {photo.progress !== undefined ? (
                    <progress
                      aria-label={m.photos_uploading({ name: photo.name })}
                      max={1}
                      value={photo.progress}
                      className="block h-2 w-full appearance-none overflow-hidden rounded-full bg-linen [&::-moz-progress-bar]:bg-sage-700 [&::-webkit-progress-bar]:bg-linen [&::-webkit-progress-value]:bg-sage-700"
                    />
                  ) : null}
                  {photo.error ? (
                    <p role="alert" className="break-words text-xs text-terracotta-700">
                      {photo.error}
                    </p>
                  ) : null}
                  <div className="flex justify-end gap-1">
                    {photo.error && photo.made && photo.preview ? (
                      <button
                        type="button"
                        className="btn btn-outline min-h-11 flex-1 px-2 text-sm"
                        onClick={() =>
                          photo.made && void upload(photo.key, photo.name, photo.made, photo.preview ?? "")
                        }
                      >
                        {m.photos_retry()}
                      </button>
                    ) : null}
                    <IconButton
                      label={m.photos_remove({ number })}
                      className="btn btn-outline min-h-11 min-w-11 px-0"
                      onClick={() => removePending(photo.key)}
                    >
                      <span aria-hidden="true">×</span>
                    </IconButton>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
      <label className="btn btn-outline mt-3 cursor-pointer has-[:focus-visible]:ring-2">
        {m.photos_add()}
        <input
          type="file"
          accept="image/*"
          multiple
          aria-describedby={`${id}-hint`}
          className="sr-only"
          onChange={onFiles}
        />
      </label>
      {message ? (
        <p role="alert" className="mt-2 text-sm text-terracotta-700">
          {message}
        </p>
      ) : null}
    </div>
  );
}
