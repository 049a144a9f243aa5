/**
 * Section 10: the admin's photos on the device (issue 41, ADR 0091). The production shop, the
 * admin signed in on a phone viewport, the product form open. A 12-megapixel photo (4000×3000,
 * drawn on a canvas with shapes of every size and fine noise, so it compresses like a camera's JPEG) is
 * chosen in "Add Photos" as a file input hands it over; for each of 5 runs (after one warm-up):
 *
 * - from choosing to its preview on screen (the tile's picture decoded),
 * - from choosing to its variants ready (the moment the upload is sent),
 * - the longest main-thread task meanwhile (Long Tasks API: tasks over 50 ms; none means under 50),
 * - bytes sent (the upload's whole multipart body) beside the original's size.
 *
 * The uploads go to the shop's own `POST /api/admin/images`; their time is not measured here.
 */
import type { Page } from "playwright-core";
import { phoneContext, withChromium } from "./browser.ts";
import { type AppReady, type ChildServer, withShop } from "./child.ts";
import { kB, mark, median, ms, type SectionResult, type Target, table } from "./common.ts";

type Run = {
  preview: number;
  variants: number;
  /** Of `variants`: making the 1200×630 link preview (ADR 0094), from photo-maker.ts's measure. */
  linkPreview: number;
  longestTask: number;
  sent: number;
  original: number;
};

const runs = 5;

/** Makes the photo in the page and keeps it as `window.__photo`: made before the clock starts. */
async function makePhoto(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const canvas = new OffscreenCanvas(4000, 3000);
    const context = canvas.getContext("2d") as OffscreenCanvasRenderingContext2D;
    const gradient = context.createLinearGradient(0, 0, 4000, 3000);
    gradient.addColorStop(0, "#6b8f4e");
    gradient.addColorStop(1, "#d9b38c");
    context.fillStyle = gradient;
    context.fillRect(0, 0, 4000, 3000);
    // Detail at every scale, as in a photo of things on a table: shapes from 4 to 240 px, so the
    // variants keep detail to encode, and sensor-like noise, so the JPEG is a camera's size.
    for (let i = 0; i < 6000; i++) {
      context.fillStyle = `hsla(${Math.random() * 120 + 20}, ${30 + Math.random() * 50}%, ${20 + Math.random() * 60}%, 0.7)`;
      context.beginPath();
      const r = 4 + Math.random() ** 3 * 236;
      context.ellipse(
        Math.random() * 4000,
        Math.random() * 3000,
        r,
        r * (0.4 + Math.random()),
        Math.random() * 3,
        0,
        7,
      );
      context.fill();
    }
    const tile = context.createImageData(500, 500);
    for (let i = 0; i < tile.data.length; i += 4) {
      const v = Math.random() * 60;
      tile.data[i] = v;
      tile.data[i + 1] = v * 0.8;
      tile.data[i + 2] = v * 0.6;
      tile.data[i + 3] = 40;
    }
    const noise = new OffscreenCanvas(500, 500);
    (noise.getContext("2d") as OffscreenCanvasRenderingContext2D).putImageData(tile, 0, 0);
    for (let x = 0; x < 4000; x += 500) for (let y = 0; y < 3000; y += 500) context.drawImage(noise, x, y);
    const blob = await canvas.convertToBlob({ type: "image/jpeg", quality: 0.92 });
    (window as unknown as { __photo: File }).__photo = new File([blob], "IMG_0001.jpg", { type: "image/jpeg" });
    return blob.size;
  });
}

/** One photo chosen, timed in the page's clock: to its preview, to its upload's start, and the longest task. */
async function choose(page: Page): Promise<Omit<Run, "sent" | "original">> {
  return page.evaluate(
    () =>
      new Promise<Omit<Run, "sent" | "original">>((resolve, reject) => {
        const input = document.querySelector<HTMLInputElement>('input[type="file"][accept="image/*"]');
        if (!input) return reject(new Error("no Add Photos input in the product form"));
        let longestTask = 0;
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) longestTask = Math.max(longestTask, entry.duration);
        });
        observer.observe({ type: "longtask" });
        let preview = Number.NaN;
        const send = XMLHttpRequest.prototype.send;
        const started = performance.now();
        XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body) {
          XMLHttpRequest.prototype.send = send;
          const variants = performance.now() - started;
          const linkPreview = performance.getEntriesByName("photo-link-preview").at(-1)?.duration ?? Number.NaN;
          // Long tasks are reported after they end: one more frame lets the last one in.
          requestAnimationFrame(() =>
            setTimeout(() => {
              observer.disconnect();
              resolve({ preview, variants, linkPreview, longestTask });
            }, 0),
          );
          return send.call(this, body);
        };
        const watch = () => {
          const img = document.querySelector<HTMLImageElement>('ul[aria-label="Photos"] img');
          if (img?.complete && img.naturalWidth > 0) preview = performance.now() - started;
          else requestAnimationFrame(watch);
        };
        const files = new DataTransfer();
        files.items.add((window as unknown as { __photo: File }).__photo);
        input.files = files.files;
        input.dispatchEvent(new Event("change", { bubbles: true }));
        requestAnimationFrame(watch);
        setTimeout(() => reject(new Error("the photo's variants were not ready within 60 s")), 60_000);
      }),
  );
}

async function measure(server: ChildServer<AppReady>): Promise<Run[]> {
  return withChromium(async (browser) => {
    const context = await phoneContext(browser, server.info.url);
    try {
      const page = await context.newPage();
      const sent: number[] = [];
      await page.route("**/api/admin/images", async (route, request) => {
        sent.push((request.postDataBuffer() ?? Buffer.alloc(0)).byteLength);
        await route.continue();
      });
      await page.goto("/admin");
      await page.getByLabel("Admin Email").fill("admin@bench.test");
      await page.getByLabel("Admin Password").fill("bench-admin-password");
      await page.getByRole("button", { name: "Sign In to Admin Panel" }).click();
      await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
      await page.getByRole("tab", { name: "Product Management", exact: true }).click();
      await page.getByRole("button", { name: "Add Product" }).click();
      await page.getByLabel("Add Photos").waitFor({ state: "attached" });
      const original = await makePhoto(page);
      const results: Run[] = [];
      for (let run = 0; run <= runs; run++) {
        const timed = await choose(page);
        const tile = page.getByRole("button", { name: "Remove photo 1" });
        // Uploaded: the tile is the photo's, and removing it leaves the form as it was.
        await page.getByRole("list", { name: "Photos" }).getByText("Main picture").waitFor();
        await tile.click();
        await page.getByRole("list", { name: "Photos" }).waitFor({ state: "detached" });
        if (run === 0) continue; // warm-up: the worker's start and the encoders' first use
        results.push({ ...timed, sent: sent.at(-1) ?? Number.NaN, original });
      }
      return results;
    } finally {
      await context.close();
    }
  });
}

export async function photosSection(): Promise<SectionResult> {
  const results = await withShop([], "photos", measure);
  const preview = median(results.map((r) => r.preview));
  const variants = median(results.map((r) => r.variants));
  const linkPreview = median(results.map((r) => r.linkPreview));
  const longest = Math.max(...results.map((r) => r.longestTask));
  const sent = median(results.map((r) => r.sent));
  const original = results[0]?.original ?? Number.NaN;
  console.log(
    `  a 12-megapixel JPEG (4000×3000, ${kB(original)}) chosen in the product form on a phone viewport, ${runs} runs after a warm-up`,
  );
  console.log(
    table(
      ["figure", "median", "each run"],
      [
        ["choosing → its preview on screen", ms(preview), results.map((r) => ms(r.preview)).join(", ")],
        ["choosing → its variants ready (upload sent)", ms(variants), results.map((r) => ms(r.variants)).join(", ")],
        ["of which its 1200×630 link preview", ms(linkPreview), results.map((r) => ms(r.linkPreview)).join(", ")],
        [
          "longest main-thread task meanwhile",
          longest > 0 ? ms(longest) : "< 50 ms",
          results.map((r) => (r.longestTask > 0 ? ms(r.longestTask) : "< 50 ms")).join(", "),
        ],
        [
          "bytes sent per photo (480, 960, 1600 px, link preview)",
          kB(sent),
          `original ${kB(original)} (${((sent / original) * 100).toFixed(1)}%)`,
        ],
      ],
    ),
  );
  const targets: Target[] = [
    {
      section: "photos",
      name: "choosing a 12 MP photo → its preview (median)",
      value: ms(preview),
      target: "< 2000 ms",
      met: Number.isFinite(preview) ? preview < 2000 : null,
    },
    {
      section: "photos",
      name: "longest main-thread task while a photo is made",
      value: longest > 0 ? ms(longest) : "< 50 ms",
      target: "< 200 ms",
      met: longest < 200,
    },
  ];
  console.log("\nTargets");
  console.log(
    table(
      ["target", "value", "goal", "status"],
      targets.map((t) => [t.name, t.value, t.target, mark(t.met)]),
    ),
  );
  return { figures: { runs: results, preview, variants, linkPreview, longestTask: longest, sent, original }, targets };
}
