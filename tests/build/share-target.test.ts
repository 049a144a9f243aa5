import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shareTarget } from "../../worker/contract/share-target.ts";
import { photoFolderFor, startNodeServer } from "../../worker/entries/node.ts";
import { projectRoot as root } from "../../worker/entries/node-env.ts";
import { nodeServerSettings } from "../support/server.ts";

// Issue 41: the installed app is a share target. The built manifest declares it; without a
// service worker (a first visit) the Node server answers the share with the admin page and keeps
// nothing, however large the photos. tests/worker/share-target.test.ts asks the Worker the same;
// tests/e2e/share-target.test.ts shares through the service worker.

beforeAll(() => {});

describe("the built web manifest", () => {
  it("makes the app a share target for photos, posted as multipart to one action", () => {
    const manifest = JSON.parse(readFileSync(join(root, "dist/web/manifest.webmanifest"), "utf8"));
    expect(manifest.share_target).toEqual({
      action: "/admin/share",
      method: "POST",
      enctype: "multipart/form-data",
      params: { files: [{ name: "photos", accept: ["image/*"] }] },
    });
  });
});

/** A share as the browser posts it: `photos` parts of `sizes` bytes each. */
function shareBody(sizes: number[]): FormData {
  const form = new FormData();
  sizes.forEach((size, place) => {
    form.append(
      shareTarget.filesField,
      new Blob([new Uint8Array(size).fill(0xff)], { type: "image/jpeg" }),
      `${place}.jpg`,
    );
  });
  return form;
}

describe("a share without a service worker, on the Node server", () => {
  const settings = nodeServerSettings();
  const dataFolder = dirname(fileURLToPath(settings.DATABASE_URL));
  let server: Awaited<ReturnType<typeof startNodeServer>>;
  beforeAll(async () => {
    server = await startNodeServer(settings, { port: 0 });
  });
  afterAll(() => server?.close());

  const share = (path: string, body: FormData, cookie?: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      body,
      redirect: "manual",
      headers: cookie ? { Cookie: cookie } : {},
    });

  it("is sent on to the admin page without the marker: nothing was kept to open", async () => {
    const res = await share("/admin/share", shareBody([1000, 2000]));
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/admin");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });

  it("lands on the chosen language's admin page, else the action's", async () => {
    const chosen = await share("/admin/share", shareBody([10]), "locale=tr");
    expect(chosen.headers.get("Location")).toBe("/tr/admin");
    const turkish = await share("/tr/admin/share", shareBody([10]));
    expect(turkish.headers.get("Location")).toBe("/tr/admin");
    const english = await share("/tr/admin/share", shareBody([10]), "locale=en");
    expect(english.headers.get("Location")).toBe("/admin");
  });

  it("takes 40 MB of photos to their end without keeping them: no error, no file kept", async () => {
    const res = await share("/admin/share", shareBody(Array.from({ length: 10 }, () => 4 * 1024 * 1024)));
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/admin");
    // The server still answers afterwards, and the photos' folder never received anything.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const photos = photoFolderFor(settings.DATABASE_URL);
    const kept = readdirSync(dataFolder).includes(photos.split("/").pop() ?? "") ? readdirSync(photos) : [];
    expect(kept).toEqual([]);
  });
});
