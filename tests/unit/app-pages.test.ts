import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isAppPage, isRenderedPage, shellPages, staticPages } from "../../worker/contract/app-pages.ts";
import { projectRoot } from "../../worker/entries/node-env.ts";

// The server answers an address with 404 unless worker/contract/app-pages.ts lists it (ADR 0068),
// so a route added to web/routes/ without a place there would be a page nobody can open. The
// route tree the router plugin generates names every route's full path.

const routeTree = readFileSync(join(projectRoot, "web/route-tree.gen.ts"), "utf8");
const routePaths = [
  ...(/export interface FileRoutesByFullPath \{([\s\S]*?)\}/.exec(routeTree)?.[1] ?? "").matchAll(/'([^']+)'/g),
].map((match) => match[1] as string);

describe("the app's addresses", () => {
  it("are read from the route tree", () => expect(routePaths.length).toBeGreaterThan(10));

  it("give every route of web/routes/ a place: rendered on the server, or the shell", () => {
    // `/products/` is the list at /products (trailing slashes redirect); `$id` is any one segment.
    const examples = routePaths.map((path) => (path === "/products/" ? "/products" : path.replace(/\$\w+/g, "7")));
    for (const path of examples) expect(isAppPage(path), path).toBe(true);
  });

  it("list no page the app does not have", () => {
    for (const path of [...staticPages, ...shellPages]) expect(routePaths, path).toContain(path);
    for (const path of staticPages) expect(isRenderedPage(path), path).toBe(true);
  });
});
