import type { PhotoStore } from "./photo-store.ts";

/**
 * The few calls of Cloudflare's R2 binding this store makes. The worker tsconfig types the code
 * with Node's globals, so @cloudflare/workers-types' ambient `R2Bucket` is not loaded.
 */
export interface R2Bucket {
  put(key: string, value: Uint8Array, options?: { httpMetadata?: { contentType?: string } }): Promise<unknown>;
  get(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null>;
  head(key: string): Promise<unknown | null>;
  list(options?: { cursor?: string; limit?: number }): Promise<{
    objects: { key: string; uploaded: Date }[];
    truncated: boolean;
    cursor?: string;
  }>;
  delete(keys: string[]): Promise<void>;
}

/** R2 deletes at most this many keys per call. */
const keysPerDelete = 1000;

/** The photos in an R2 bucket (wrangler.toml's PHOTOS binding; Miniflare's local R2 in the Worker's tests). */
export function createR2PhotoStore(bucket: R2Bucket): PhotoStore {
  return {
    async put(name, bytes) {
      await bucket.put(name, bytes);
    },
    async get(name) {
      const object = await bucket.get(name);
      return object ? { body: object.body, size: object.size } : null;
    },
    async has(name) {
      return (await bucket.head(name)) !== null;
    },
    async list() {
      const names: { name: string; uploaded: Date }[] = [];
      let cursor: string | undefined;
      do {
        const page = await bucket.list({ limit: 1000, ...(cursor ? { cursor } : {}) });
        for (const object of page.objects) names.push({ name: object.key, uploaded: object.uploaded });
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
      return names;
    },
    async delete(names) {
      for (let at = 0; at < names.length; at += keysPerDelete) await bucket.delete(names.slice(at, at + keysPerDelete));
    },
  };
}
