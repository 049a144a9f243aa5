import { chromium } from "playwright-core";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const pages = process.argv.slice(2);
for (const [w, h, tag] of JSON.parse(process.env.SIZES ?? "[[390,844,\"phone\"],[1280,800,\"desk\"]]")) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: 1 });
  const page = await ctx.newPage();
  page.on("console", (m) => { if (m.type() === "error") console.log("console error", m.text()); });
  for (const p of pages) {
    await page.goto("http://localhost:8899" + p, { waitUntil: "networkidle" });
    await page.waitForTimeout(500);
    const name = `/tmp/shots/${tag}${p.replace(/[/?=&]/g, "_")}.png`;
    await page.screenshot({ path: name });
    console.log(name, await page.title());
  }
  await ctx.close();
}
await browser.close();
