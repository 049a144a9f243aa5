import { describe, expect, it } from "vitest";
import { safeParse } from "zod/v4/core";
import { emailSchema, foldEmail } from "./auth.ts";

// What a Turkish keyboard (or a phone's Turkish auto-capitalisation) types must reach the
// account (docs/decisions/0036-email-folding.md).

describe("foldEmail", () => {
  it.each([
    ["İNFO@EXAMPLE.COM", "info@example.com"], // capital dotted I: JavaScript makes it i + U+0307
    ["ınfo@example.com", "info@example.com"], // dotless i: what Turkish lower-casing makes of I
    ["\u212Aerem@example.com", "kerem@example.com"], // the Kelvin sign, K's compatibility twin
    ["ｉｎｆｏ＠ｅｘａｍｐｌｅ．ｃｏｍ", "info@example.com"], // full-width forms of an East Asian keyboard
    ["  Ayse.Yilmaz@Example.COM \n", "ayse.yilmaz@example.com"],
  ])("folds %j to %j", (typed, stored) => {
    expect(foldEmail(typed)).toBe(stored);
  });

  it("is what the contract stores, and the folded address passes its e-mail check", () => {
    const parsed = safeParse(emailSchema, "İNFO@EXAMPLE.COM");
    expect(parsed.success && parsed.data).toBe("info@example.com");
    const kelvin = safeParse(emailSchema, "\u212AEREM@EXAMPLE.COM");
    expect(kelvin.success && kelvin.data).toBe("kerem@example.com");
  });

  it("still refuses what is no address once folded", () => {
    expect(safeParse(emailSchema, "İ@").success).toBe(false);
    expect(safeParse(emailSchema, "şule@örnek.com").success).toBe(false);
  });
});
