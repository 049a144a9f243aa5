import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { projectRoot as root } from "../../worker/entries/node-env.ts";

// Issue 40, increment by increment: the screens take their words from the message catalogue
// (web/i18n/messages/, ADR 0079). tsc proves every `m.some_message()` exists with the right
// parameters; this proves the catalogue's English is whole and that the converted folders hold
// no English of their own.

const catalogue = (locale: string) =>
  JSON.parse(readFileSync(join(root, `web/i18n/messages/${locale}.json`), "utf8")) as Record<string, unknown>;

/** The folders already speaking through the catalogue; each increment adds its own. */
const converted = [
  "web/components",
  "web/features/home",
  "web/features/about",
  "web/features/catalogue",
  "web/features/app-update",
  "web/features/account",
  "web/features/legal",
  "web/routes",
  "web/features/admin",
];

/** Props whose strings a person reads or hears. */
const visibleProps = new Set(["aria-label", "title", "placeholder", "alt", "label"]);

/** Text that is no word in any language, so stays in the markup. */
const notWords = new Set(["·", "©", "—", "–", "/", "|", "…", "×", "→", "←", "*", ":", ",", ".", "(", ")"]);

function* tsxFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* tsxFiles(path);
    else if (entry.name.endsWith(".tsx")) yield path;
  }
}

/** The texts of `source` (a .tsx file) that would reach the page without the catalogue. */
function literalTexts(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (text: string) => {
    const trimmed = text.replace(/\s+/g, " ").trim();
    if (trimmed !== "" && !notWords.has(trimmed)) found.push(trimmed);
  };
  /** A string written in the code: a literal, a template's fixed parts, either branch of `? :`. */
  const reportStrings = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) report(node.text);
    else if (ts.isTemplateExpression(node)) {
      report(node.head.text);
      for (const span of node.templateSpans) {
        reportStrings(span.expression);
        report(span.literal.text);
      }
    } else if (ts.isConditionalExpression(node)) {
      reportStrings(node.whenTrue);
      reportStrings(node.whenFalse);
    } else if (ts.isParenthesizedExpression(node) || ts.isBinaryExpression(node)) {
      ts.forEachChild(node, reportStrings);
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) report(node.text);
    else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      reportStrings(node.expression);
    } else if (ts.isJsxAttribute(node) && visibleProps.has(node.name.getText(file)) && node.initializer) {
      const value = node.initializer;
      if (ts.isStringLiteral(value)) report(value.text);
      else if (ts.isJsxExpression(value) && value.expression) reportStrings(value.expression);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("the message catalogue (web/i18n/messages/)", () => {
  it("has no empty English message", () => {
    const empty = Object.entries(catalogue("en")).filter(
      ([key, value]) => key !== "$schema" && JSON.stringify(value).replace(/[\s"[\]{}]/g, "") === "",
    );
    expect(empty).toEqual([]);
    expect(Object.keys(catalogue("en")).length).toBeGreaterThan(1);
  });

  it("names every message in snake_case", () => {
    const keys = Object.keys(catalogue("en")).filter((key) => key !== "$schema");
    expect(keys.filter((key) => !/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(key))).toEqual([]);
  });

  // Issue 40: a message missing in tr.json would show English on a Turkish page (Paraglide falls
  // back to the base language), one missing in en.json is a type error only where it is used; a
  // parameter one language names and the other does not would leave a value out.
  it("gives every message a text in both languages, with the same parameters", () => {
    const text = (value: unknown) => JSON.stringify(value ?? "").replace(/[\s"[\]{}]/g, "");
    const parameters = (value: unknown) =>
      [...new Set([...JSON.stringify(value ?? "").matchAll(/\{(\w+)\}/g)].map(([, name]) => name))].sort().join();
    const [english, turkish] = [catalogue("en"), catalogue("tr")];
    const keys = [...new Set([...Object.keys(english), ...Object.keys(turkish)])].filter((key) => key !== "$schema");
    expect(keys.filter((key) => text(english[key]) === "").map((key) => `en: ${key}`)).toEqual([]);
    expect(keys.filter((key) => text(turkish[key]) === "").map((key) => `tr: ${key}`)).toEqual([]);
    expect(keys.filter((key) => parameters(english[key]) !== parameters(turkish[key]))).toEqual([]);
  });

  it.each(converted)("%s shows no text that is not from the catalogue", (folder) => {
    const literals = [...tsxFiles(join(root, folder))].flatMap((path) =>
      literalTexts(path, readFileSync(path, "utf8")).map((text) => `${relative(root, path)}: ${text}`),
    );
    expect(literals).toEqual([]);
  });

  it("finds the texts it is looking for", () => {
    const source = `export const A = () => (
      <p title="Tip" aria-label={open ? "Close" : "Open"}>
        Hello {name} · {"there"} <img alt={\`Photo of \${name}\`} className="x" /> {m.ok()}
        {\`\${count} \${count === 1 ? "item" : "items"}\`}
      </p>
    );`;
    expect(literalTexts("a.tsx", source)).toEqual([
      "Tip",
      "Close",
      "Open",
      "Hello",
      "there",
      "Photo of",
      "item",
      "items",
    ]);
  });
});
