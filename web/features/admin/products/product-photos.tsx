import { type ChangeEvent, useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { parsePhotoAddress, photoVariantPath, photoWidthsFor } from "../../../../worker/contract/photos.ts";
import type { OutboxEntry } from "../../../lib/admin-outbox.ts";
import { m } from "../../../paraglide/messages.js";
import { writeErrorMessage } from "../admin-api.ts";
import { IconButton } from "../admin-ui.tsx";
import { getOutbox, useOutboxEntries } from "../outbox/outbox.ts";
import { photoProgress } from "../outbox/photo-upload.ts";
import {
  encodePreviewOnDevice,
  encodeVariantOnDevice,
  keepPhotoOnDevice,
  photoAddressOf,
  planPhotoOnDevice,
} from "./photo-maker.ts";
import type { PhotoType } from "./photo-pipeline.ts";

/** Issue 41: at most this many photos chosen at once. */
export const photosAtOnce = 10;

/** A chosen photo while the device makes its variants, before it joins the images. */
interface PreparingPhoto {
  key: string;
  name: string;
  preview?: string;
  error?: string;
}

const notMade = (reason: "cannot-decode" | "metadata-left", name: string) =>
  reason === "metadata-left" ? m.photos_metadata_left({ name }) : m.photos_cannot_open({ name });

/**
 * "Add Photos" in the product form (issue 41, ADR 0091, 0093): the admin takes or picks up to 10
 * photos; each is made into its variants on the device (photo-maker.ts) and previewed, then
 * queued in the admin's outbox and kept where this device's pictures are served from, and its
 * address joins the product's `images` at once (where typed URLs keep working). The outbox sends
 * the photo before the product change that lists it, online now or when the network is back. The
 * photos in `images` are shown as tiles to move (the first image is the main picture) or remove,
 * each with its upload's progress while the outbox still holds it.
 */
export function ProductPhotos({
  images,
  onChange,
  onPreparing,
  sharedFiles,
}: {
  images: readonly string[];
  /** Changes the form's `images` from their latest value (photos are ready at any time). */
  onChange(update: (images: string[]) => string[]): void;
  /** How many chosen photos are still being made: the form saves once none is. */
  onPreparing(count: number): void;
  /** Photos shared to the app (ADR 0095): added once, as if chosen with "Add Photos". */
  sharedFiles?: readonly File[] | undefined;
}) {
  const id = useId();
  const [preparing, setPreparing] = useState<PreparingPhoto[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  // The previews of photos made here, by address: shown while this device has no other copy.
  const previews = useRef(new Map<string, string>());
  const removed = useRef(new Set<string>());
  const uploads = new Map(
    (useOutboxEntries() ?? []).flatMap((entry) =>
      entry.change.kind === "photo.upload" ? [[entry.change.src, entry] as const] : [],
    ),
  );

  // The form closed (saved or not): a photo still being made is not queued, and an upload queued
  // here that no saved change lists is dropped before it goes.
  const closed = useRef(false);
  useEffect(() => {
    closed.current = false;
    const made = previews.current;
    return () => {
      closed.current = true;
      for (const [src, url] of made) {
        URL.revokeObjectURL(url);
        withdrawUpload(src);
      }
    };
  }, []);

  const stillMaking = preparing.filter((photo) => !photo.error).length;
  useEffect(() => onPreparing(stillMaking), [onPreparing, stillMaking]);

  const update = (key: string, change: Partial<PreparingPhoto>) =>
    setPreparing((all) => all.map((photo) => (photo.key === key ? { ...photo, ...change } : photo)));

  /** Makes every chosen photo's preview first (each within moments), then the rest, one photo at a time. */
  const addPhotos = async (files: File[]) => {
    const chosen = files.map((file) => ({ file, key: crypto.randomUUID(), name: file.name }));
    setPreparing((all) => [...all, ...chosen.map(({ key, name }) => ({ key, name }))]);
    const started = chosen.map(async ({ file, key, name }) => {
      const plan = await planPhotoOnDevice(file);
      const failed = (text: string) => {
        update(key, { error: text });
        return undefined;
      };
      if (!plan.ok) return failed(m.photos_cannot_open({ name }));
      const [smallest = plan.width] = plan.widths;
      const first = await encodeVariantOnDevice(file, plan, smallest);
      if (!first.ok) return failed(notMade(first.reason, name));
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
      if (removed.current.has(key) || closed.current) continue;
      // The link preview (ADR 0094): a photo it cannot be cut from still uploads, without one.
      const linkPreview = await encodePreviewOnDevice(file, plan);
      if (removed.current.has(key) || closed.current) continue;
      try {
        const src = await photoAddressOf(variants.at(-1) as { width: number; blob: Blob });
        previews.current.set(src, preview);
        await keepPhotoOnDevice(src, variants).catch(() => {});
        await getOutbox().add({
          kind: "photo.upload",
          src,
          name,
          variants,
          ...(linkPreview.ok ? { preview: linkPreview.blob } : {}),
        });
        setPreparing((all) => all.filter((one) => one.key !== key));
        // The same photo chosen twice has the same address (named by its bytes): listed once.
        onChange((current) => [...current.filter((image) => image.trim() !== "" && image !== src), src]);
      } catch (error) {
        update(key, { error: `${name}: ${writeErrorMessage(error, m.photos_upload_failed())}` });
      }
    }
  };

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = "";
    takeFiles(files);
  };
  const takeFiles = (files: File[]) => {
    if (files.length === 0) return;
    if (files.length > photosAtOnce) {
      setMessage(m.photos_too_many({ count: files.length }));
      return;
    }
    setMessage(null);
    void addPhotos(files);
  };

  const sharedTaken = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the shared photos are taken once, at the form's opening
  useEffect(() => {
    if (sharedTaken.current || !sharedFiles) return;
    sharedTaken.current = true;
    takeFiles([...sharedFiles]);
  }, [sharedFiles]);

  const removePreparing = (key: string) => {
    removed.current.add(key);
    setPreparing((all) => all.filter((one) => one.key !== key));
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
  const remove = (src: string) => {
    onChange((current) => {
      const rest = current.filter((image) => image !== src);
      // The form keeps one image field to type into (docs/product.md §4).
      return rest.length > 0 ? rest : [""];
    });
    if (previews.current.has(src)) withdrawUpload(src);
  };
  const lastFilled = images.findLastIndex((image) => image.trim() !== "");

  return (
    <div className="mt-1 mb-5">
      <p id={`${id}-hint`} className="text-sm text-muted">
        {m.photos_hint()}
      </p>
      {photos.length + preparing.length > 0 ? (
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
              <UploadState src={src} entry={uploads.get(src)} />
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
          {preparing.map((photo, place) => {
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
                  {photo.error ? (
                    <p role="alert" className="break-words text-xs text-terracotta-700">
                      {photo.error}
                    </p>
                  ) : photo.preview ? (
                    <p className="text-xs text-muted">{m.photos_preparing()}</p>
                  ) : null}
                  <div className="flex justify-end gap-1">
                    <IconButton
                      label={m.photos_remove({ number })}
                      className="btn btn-outline min-h-11 min-w-11 px-0"
                      onClick={() => removePreparing(photo.key)}
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

/** Drops a photo's queued upload that nothing needs (outbox-queue.ts, `withdrawPhoto`). */
const withdrawUpload = (src: string) =>
  void getOutbox()
    .queue.withdrawPhoto(src)
    .catch(() => {});

/**
 * Where a photo's upload stands while the outbox holds it: a progress bar while its bytes go,
 * "waiting" until its turn or the network comes, or the server's refusal (the outbox's list
 * offers Try Again and Discard); nothing once it is on the server.
 */
function UploadState({ src, entry }: { src: string; entry: OutboxEntry | undefined }) {
  const sent = useSyncExternalStore(
    photoProgress.subscribe,
    () => photoProgress.of(src),
    () => undefined,
  );
  if (entry?.change.kind !== "photo.upload") return null;
  const { name } = entry.change;
  return (
    <div className="px-1.5 pt-1.5">
      {entry.state === "rejected" ? (
        <p role="alert" className="break-words text-xs text-terracotta-700">
          {entry.refusal?.detail ?? m.photos_upload_failed()}
        </p>
      ) : sent !== undefined ? (
        <progress
          aria-label={m.photos_uploading({ name })}
          max={1}
          value={sent}
          className="block h-2 w-full appearance-none overflow-hidden rounded-full bg-linen [&::-moz-progress-bar]:bg-sage-700 [&::-webkit-progress-bar]:bg-linen [&::-webkit-progress-value]:bg-sage-700"
        />
      ) : (
        <p className="text-xs text-muted">{m.photos_waiting_upload()}</p>
      )}
    </div>
  );
}
