import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { type Locale, localizedPath } from "../../worker/contract/locales.ts";
import { siteDescriptions, siteTitles } from "../../worker/contract/site-texts.ts";
import { startNodeServer } from "../../worker/entries/node.ts";
import { projectRoot as root } from "../../worker/entries/node-env.ts";
import { nodeServerSettings } from "../support/server.ts";

// Issue 40: the shop's default title and description have one source (worker/contract/site-texts.ts);
// the Turkish page shell the build writes and the home page the server renders say the same.

beforeAll(() => {});

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const descriptionOf = (html: string) => /<meta\s+name="description"\s+content="([^"]*)"/.exec(html)?.[1];
const fromHtml = (text: string | undefined) =>
  text
    ?.replaceAll(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

describe("the shop's default title and description", () => {
  it("are the same in the Turkish shell and the server's Turkish home page", async () => {
    const shell = readFileSync(join(root, "dist/web/tr/index.html"), "utf8");
    expect(fromHtml(titleOf(shell))).toBe(siteTitles.tr);
    expect(fromHtml(descriptionOf(shell))).toBe(siteDescriptions.tr);
    // The English shell's title is the same source's (its description is web/index.html's own).
    expect(fromHtml(titleOf(readFileSync(join(root, "dist/web/index.html"), "utf8")))).toBe(siteTitles.en);

    const server = await startNodeServer(nodeServerSettings({ LOG_LEVEL: "warn" }), { port: 0 });
    try {
      for (const locale of ["en", "tr"] satisfies Locale[]) {
        const home = await (await fetch(`${server.url}${localizedPath("/", locale)}`)).text();
        expect(fromHtml(titleOf(home)), locale).toBe(siteTitles[locale]);
        expect(fromHtml(descriptionOf(home)), locale).toBe(siteDescriptions[locale]);
      }
    } finally {
      await server.close();
    }
  });
});
