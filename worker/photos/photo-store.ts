/**
 * Where the shop's own photos are kept (ADR 0089): a Cloudflare R2 bucket on Workers
 * (r2-photo-store.ts), a folder under .data/ for `npm start` (folder-photo-store.ts). Both
 * runtimes reach it as `c.var.photos`. Files are named `<hash>-<width>.<ext>`
 * (worker/contract/photos.ts), so a name says what its bytes are and putting the same photo again
 * overwrites the same files.
 */
export interface PhotoStore {
  /** Stores (or replaces) a file; its upload time becomes now. */
  put(name: string, bytes: Uint8Array): Promise<void>;
  /** A stored file's bytes, or null when there is none of that name. */
  get(name: string): Promise<StoredPhotoFile | null>;
  /** Whether a file of that name is stored, without reading it (R2's HEAD, a stat). */
  has(name: string): Promise<boolean>;
  /** Every stored file, with when it was last put. */
  list(): Promise<StoredPhotoName[]>;
  delete(names: string[]): Promise<void>;
}

export type StoredPhotoFile = { body: ReadableStream<Uint8Array> | Uint8Array; size: number };
export type StoredPhotoName = { name: string; uploaded: Date };

/**
 * The names a store holds, a variant's or a link preview's (`<hash>-1200x630.jpg`, ADR 0094):
 * anything else (a path, a dot-file) is never read or written.
 */
export const storedPhotoName = /^[0-9a-f]{64}-(?:[1-9][0-9]{0,3}\.(?:webp|jpg)|1200x630\.jpg)$/;
