import { describe, expect, it } from "vitest";
import { shareTarget } from "../../worker/contract/share-target.ts";
import { createR2PhotoStore, type R2Bucket } from "../../worker/photos/r2-photo-store.ts";
import { multipart } from "../support/photos.ts";
import { setUpWorkerShop } from "./harness.ts";

// Issue 41, the share target without a service worker (ADR 0095), in the production runtime: the
// built Worker under workerd with Workers Static Assets from wrangler.toml. A share posted to the
// manifest's action is sent on to the admin page; the photos are never parsed nor kept.
// tests/build/share-target.test.ts asks the Node server the same.

const clientAddress = "198.51.100.95";
const shop = setUpWorkerShop({ clientAddress });

const share = (path: string, sizes: number[], cookie?: string) => {
  const { body, contentType } = multipart(
    sizes.map((size, place) => ({
      name: shareTarget.filesField,
      filename: `IMG_${place}.jpg`,
      bytes: new Uint8Array(size).fill(0xff),
    })),
  );
  return shop.worker.dispatchFetch(`http://shop.test${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": contentType, "CF-Connecting-IP": clientAddress, ...(cookie ? { Cookie: cookie } : {}) },
    body,
  });
};

describe("a share without a service worker, under workerd", () => {
  it("is sent on to the admin page without the marker: nothing was kept to open", async () => {
    const res = await share("/admin/share", [1000, 2000]);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/admin");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    await res.body?.cancel();
  });

  it("lands on the chosen language's admin page, else the action's", async () => {
    for (const [path, cookie, location] of [
      ["/admin/share", "locale=tr", "/tr/admin"],
      ["/tr/admin/share", undefined, "/tr/admin"],
      ["/tr/admin/share", "locale=en", "/admin"],
    ] as const) {
      const res = await share(path, [10], cookie);
      expect(res.status, `${path} ${cookie}`).toBe(303);
      expect(res.headers.get("Location"), `${path} ${cookie}`).toBe(location);
      await res.body?.cancel();
    }
  });

  it("takes 40 MB of photos to their end without keeping them: no error, nothing in the photos' bucket", async () => {
    const res = await share(
      "/admin/share",
      Array.from({ length: 10 }, () => 4 * 1024 * 1024),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/admin");
    await res.body?.cancel();
    const bucket = (await shop.worker.getR2Bucket("PHOTOS")) as unknown as R2Bucket;
    expect(await createR2PhotoStore(bucket).list()).toEqual([]);
  });
});
