import { describe, expect, it } from "vitest";
import { eagerCommonJs } from "./eager-commonjs.ts";

// A chunk as Rolldown renders it before minifying: two CommonJS modules and an arrow of the app's.
const chunk = `var __commonJSMin = (cb, mod) => () => (mod || cb((mod = { exports: {} }).exports, mod), mod.exports);
var require_a = /* @__PURE__ */ __commonJSMin(((exports, module) => {
  exports.double = (n) => n * 2;
  module.exports.name = "a";
}));
var require_b = __commonJSMin((exports) => {
  exports.value = require_a().double(21);
});
const keep = [1, 2].map((n) => { return n + 1; });
result = { a: require_a(), b: require_b(), keep };`;

/** The plugin's hook on `code`: the rewritten chunk, or null when it leaves the chunk alone. */
const renderChunk = (code: string) =>
  (eagerCommonJs().renderChunk as unknown as (code: string) => { code: string } | null)(code);

function render(code: string): string {
  const rendered = renderChunk(code);
  if (!rendered) throw new Error("the chunk was left as it was");
  return rendered.code;
}

const evaluate = (code: string) => {
  const scope: { result?: unknown } = { result: undefined };
  new Function("scope", `with (scope) { ${code} }`)(scope);
  return scope.result;
};

describe("eagerCommonJs (ADR 0111)", () => {
  it("writes each CommonJS wrapper as a parenthesized function, and nothing else", () => {
    const code = render(chunk);
    expect(code).toContain(
      '__commonJSMin(((function(exports, module) {\n  exports.double = (n) => n * 2;\n  module.exports.name = "a";\n})));',
    );
    expect(code).toContain("__commonJSMin((function(exports) {\n  exports.value = require_a().double(21);\n}));");
    // The helper itself, the modules' own arrows and the app's are left as they are.
    expect(code).toContain("var __commonJSMin = (cb, mod) => () =>");
    expect(code).toContain("exports.double = (n) => n * 2;");
    expect(code).toContain("[1, 2].map((n) => { return n + 1; })");
    expect(code.match(/function\(/g)).toHaveLength(2);
  });

  it("leaves what the modules export unchanged", () => {
    const exported = { a: { double: expect.any(Function), name: "a" }, b: { value: 42 }, keep: [2, 3] };
    expect(evaluate(chunk)).toEqual(exported);
    const rendered = evaluate(render(chunk)) as { a: { double: (n: number) => number } };
    expect(rendered).toEqual(exported);
    expect(rendered.a.double(4)).toBe(8);
  });

  it("leaves a chunk without CommonJS modules alone", () => {
    expect(renderChunk("export const a = () => 1;")).toBeNull();
  });
});
