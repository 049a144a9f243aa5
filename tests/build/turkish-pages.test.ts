import { beforeAll, describe, expect, it } from "vitest";
import { startNodeServer } from "../../worker/entries/node.ts";
import { nodeServerSettings } from "../support/server.ts";
import {
  chosenLocaleMismatches,
  interleavedLanguageMismatches,
  turkishPageMismatches,
} from "../support/turkish-pages.ts";

// Issue 40 on Node (ADR 0079): the built app in both languages (dist/web and dist/web/tr), the
// real server renderer (dist/ssr), through the Node entry as `npm start` runs it.
// tests/worker/turkish-pages.test.ts asks the built Worker the same.

beforeAll(() => {});

describe("the shop in Turkish on Node", () => {
  it("serves each page at its /tr address in Turkish and the English pages as before", async () => {
    const settings = nodeServerSettings({ APP_ENV: "production", PUBLIC_URL: "http://localhost", LOG_LEVEL: "warn" });
    const server = await startNodeServer(settings, { port: 0 });
    try {
      const get = async (path: string) => {
        const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
        return { status: res.status, html: await res.text() };
      };
      expect(await turkishPageMismatches(get, "http://localhost")).toEqual([]);
      // Renders of both languages at once: the request's language never leaks into another's.
      const ids = Array.from({ length: 15 }, (_, i) => i + 1);
      expect(await interleavedLanguageMismatches(get, ids)).toEqual([]);
      // The language chosen with the switch: the other language's addresses redirect to it.
      const withCookie = (path: string, cookie: string | undefined) =>
        fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
      expect(await chosenLocaleMismatches(withCookie)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
