import { describe, expect, it } from "vitest";
import {
  chosenLocaleMismatches,
  interleavedLanguageMismatches,
  turkishPageMismatches,
} from "../support/turkish-pages.ts";
import { setUpWorkerShop } from "./harness.ts";

// Issue 40 in the production runtime (ADR 0079): the built Worker under workerd, with Workers
// Static Assets configured from wrangler.toml (run_worker_first covers /tr and /tr/*), over the
// seeded catalogue. tests/build/turkish-pages.test.ts asks the Node server the same.

const shop = setUpWorkerShop({ clientAddress: "198.51.100.40" });
const get = async (path: string) => {
  const res = await shop.request("GET", path);
  return { status: res.status, html: await res.text() };
};

describe("the shop in Turkish under workerd", () => {
  it("serves each page at its /tr address in Turkish and the English pages as before", async () => {
    expect(await turkishPageMismatches(get, "http://shop.test")).toEqual([]);
  });

  it("renders both languages at once, each request in its own", async () => {
    const ids = Array.from({ length: 15 }, (_, i) => i + 1);
    expect(await interleavedLanguageMismatches(get, ids)).toEqual([]);
  });

  it("sends the other language's addresses to the chosen one's (302), and nothing without a choice", async () => {
    const withCookie = (path: string, cookie: string | undefined) =>
      shop.request("GET", path, cookie ? { cookie } : {});
    expect(await chosenLocaleMismatches(withCookie)).toEqual([]);
  });
});
