import MagicString from "magic-string";
import { parseAst } from "rolldown/parseAst";
import type { Plugin } from "vite";

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** Every CommonJS module's wrapper, `__commonJSMin((exports, module) => { … })`, in `code`'s AST. */
function wrappers(node: unknown, found: Node[] = []): Node[] {
  if (Array.isArray(node)) {
    for (const child of node) wrappers(child, found);
    return found;
  }
  if (!node || typeof node !== "object") return found;
  const n = node as Node;
  const callee = n.callee as Node | undefined;
  const first = (n.arguments as Node[] | undefined)?.[0];
  if (
    n.type === "CallExpression" &&
    callee?.type === "Identifier" &&
    callee.name === "__commonJSMin" &&
    first?.type === "ArrowFunctionExpression" &&
    (first.body as Node).type === "BlockStatement"
  )
    found.push(first);
  for (const key of Object.keys(n)) if (key !== "type" && key !== "start" && key !== "end") wrappers(n[key], found);
  return found;
}

/**
 * The browser's bundles write each CommonJS module's wrapper as a parenthesized `function`
 * instead of an arrow: V8 compiles a parenthesized function expression with the streamed
 * script, off the main thread, and an arrow only when it is first called, on the main thread
 * (React DOM's 200 kB module; ADR 0111). Nothing else changes: the helper calls the wrapper
 * plainly in a strict-mode module, so `this` is undefined in either form, and module code that
 * read `arguments` at its top level would already fail inside the arrow.
 */
export function eagerCommonJs(): Plugin {
  return {
    name: "eager-commonjs",
    applyToEnvironment: (environment) => environment.name === "client" || environment.name === "clientTr",
    renderChunk(code) {
      if (!code.includes("__commonJSMin(")) return null;
      const s = new MagicString(code);
      for (const arrow of wrappers(parseAst(code))) {
        const params = (arrow.params as Node[]).map((p) => code.slice(p.start, p.end)).join(", ");
        // Parenthesized again, whether or not it was: V8's cue to compile it with the script.
        s.overwrite(arrow.start, (arrow.body as Node).start, `(function(${params}) `);
        s.appendLeft(arrow.end, ")");
      }
      return { code: s.toString(), map: s.generateMap({ hires: true }) };
    },
  };
}
