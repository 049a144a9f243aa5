import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type PhotoStore, storedPhotoName } from "./photo-store.ts";

/**
 * The photos of the Node server: files in one folder (.data/photos for `npm start`). A file is
 * written aside and renamed into place, so a reader never sees half of one and a second upload
 * of the same photo replaces it whole.
 */
export function createFolderPhotoStore(folder: string): PhotoStore {
  const path = (name: string) => {
    if (!storedPhotoName.test(name)) throw new Error(`not a stored photo's name: ${name}`);
    return join(folder, name);
  };
  return {
    async put(name, bytes) {
      await mkdir(folder, { recursive: true });
      const aside = `${path(name)}.${crypto.randomUUID()}.part`;
      await writeFile(aside, bytes);
      await rename(aside, path(name));
    },
    async get(name) {
      try {
        const bytes = await readFile(path(name));
        return { body: bytes, size: bytes.byteLength };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async has(name) {
      try {
        return (await stat(path(name))).isFile();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
        throw error;
      }
    },
    async list() {
      let names: string[];
      try {
        names = await readdir(folder);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }
      const stored = names.filter((name) => storedPhotoName.test(name));
      return Promise.all(stored.map(async (name) => ({ name, uploaded: (await stat(join(folder, name))).mtime })));
    },
    async delete(names) {
      await Promise.all(names.map((name) => rm(path(name), { force: true })));
    },
  };
}
