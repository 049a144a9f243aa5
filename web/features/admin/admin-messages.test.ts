import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Issue 40: the admin's screens speak through the catalogue (web/i18n/messages/, ADR 0079). A
// message missing from tr.json falls back to English at run time, with no type error, so this is
// what keeps every admin screen whole in Turkish.

const catalogue = (locale: string) =>
  JSON.parse(readFileSync(new URL(`../../i18n/messages/${locale}.json`, import.meta.url), "utf8")) as Record<
    string,
    unknown
  >;

const adminKeys = (messages: Record<string, unknown>) =>
  Object.keys(messages).filter((key) => key.startsWith("admin_"));

/** Every text of a message, its variants' included. */
const texts = (message: unknown): string[] =>
  typeof message === "string"
    ? [message]
    : Array.isArray(message)
      ? message.flatMap((variant: { match?: Record<string, string> }) => Object.values(variant.match ?? {}))
      : [];

/** The `{name}`s a message fills in. */
const placeholders = (message: unknown) =>
  [...new Set(texts(message).flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1])))].sort();

describe("the admin's messages (admin_*)", () => {
  const en = catalogue("en");
  const tr = catalogue("tr");

  it("are there, in English", () => {
    expect(adminKeys(en).length).toBeGreaterThan(200);
  });

  it("each have a Turkish text, not empty, in the same order as the English", () => {
    const missing = adminKeys(en).filter((key) => texts(tr[key]).every((text) => text.trim() === ""));
    expect(missing).toEqual([]);
    expect(adminKeys(tr)).toEqual(adminKeys(en));
  });

  it("fill in the same values in Turkish as in English", () => {
    const different = adminKeys(en).filter((key) => placeholders(tr[key]).join() !== placeholders(en[key]).join());
    expect(different).toEqual([]);
  });
});
