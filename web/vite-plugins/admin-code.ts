import type { Plugin, Rollup } from "vite";

/**
 * The list, kept for the whole `vite build`: Vite evaluates the config anew for each environment
 * it builds (both languages' clients, vite.config.ts), so a variable of one evaluation would not
 * see the other language's files. The build starts empty (vite.config.ts's buildApp).
 */
const shared = globalThis as { __adminCodeFiles?: { files?: string[] } };
shared.__adminCodeFiles ??= {};
const collected = shared.__adminCodeFiles;

/** Forgets the files of an earlier build in the same process. */
export function forgetAdminCode(): void {
  collected.files = undefined;
}

/** The service worker's import of the list (web/service-worker/admin-code.d.ts). */
const moduleId = "virtual:admin-code";
const resolvedId = `\0${moduleId}`;

/**
 * Every file the admin's screens need, handed from the app's build to the service worker's
 * (ADR 0070). The app's build (`collect`) follows the admin route's lazy chunk through everything
 * it imports, statically and lazily (the editor), with their CSS and assets; the service
 * worker's build (`serve`) offers the list as `virtual:admin-code`. The worker keeps the files
 * that its precache does not hold, on a device where the administrator has signed in.
 *
 * @param adminRoute the admin route's file: its split-off component (TanStack Router's
 *   `?tsr-split`) is where the admin's code starts
 */
export function adminCode(adminRoute: string): { collect: Plugin; serve: Plugin } {
  return {
    collect: {
      name: "admin-code:collect",
      apply: "build",
      // Each language's build (vite.config.ts): the admin works in either, so both lists are kept.
      applyToEnvironment: (environment) => environment.name === "client" || environment.name === "clientTr",
      generateBundle(_options, bundle) {
        const found = reachableFrom(bundle, adminRoute);
        if (found.length === 0) this.error(`admin-code: no lazily loaded chunk of ${adminRoute} in the bundle`);
        collected.files = [...new Set([...(collected.files ?? []), ...found])].sort();
      },
    },
    serve: {
      name: "admin-code:serve",
      resolveId: (id) => (id === moduleId ? resolvedId : undefined),
      load(id) {
        if (id !== resolvedId) return undefined;
        // The service worker is built after the app: without the app's list it would keep nothing.
        if (!collected.files) this.error("admin-code: the service worker was built before the app's bundle");
        return `export const adminCode = ${JSON.stringify(collected.files)};`;
      },
    },
  };
}

/**
 * The files (as `/assets/…` paths) that the lazily loaded chunks of `route` reach, statically and
 * lazily, and the rest of the app does not: the app's entry reaches every route lazily, and what it
 * reaches short of the admin's chunks is the shopper's code, which the precache holds.
 */
function reachableFrom(bundle: Rollup.OutputBundle, route: string): string[] {
  const chunks = Object.values(bundle).flatMap((output) => (output.type === "chunk" ? [output] : []));
  const roots = chunks.filter((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId?.split("?")[0] === route);
  const reach = (from: string[], stopAt: Set<string>) => {
    const found = new Set<string>();
    const visit = (fileName: string) => {
      if (found.has(fileName) || stopAt.has(fileName)) return;
      found.add(fileName);
      const chunk = bundle[fileName];
      if (chunk?.type !== "chunk") return;
      const { imports, dynamicImports, viteMetadata } = chunk;
      const files = [
        ...imports,
        ...dynamicImports,
        ...(viteMetadata?.importedCss ?? []),
        ...(viteMetadata?.importedAssets ?? []),
      ];
      for (const next of files) visit(next);
    };
    for (const fileName of from) visit(fileName);
    return found;
  };
  const rootFiles = roots.map((chunk) => chunk.fileName);
  const app = reach(
    chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName),
    new Set(rootFiles),
  );
  return [...reach(rootFiles, app)].sort().map((fileName) => `/${fileName}`);
}
