/**
 * V8's explicit compile hint (Chromium 136+) on each chunk of the shopper's app, as the build's
 * `postBanner`: the chunk's functions are compiled on a background thread as the file streams
 * in, instead of one by one on the main thread the first time each runs, which is where much of
 * the app's start went (ADR 0026). In a chunk that imports others lazily, Vite puts its one-line
 * preload map above the comment. The admin's chunks are left to lazy compilation: most of their
 * code runs only on a click, and shoppers never load them (the admin route's screen is split from
 * the route itself, which the app's route tree holds).
 */
export function compileHint(chunk: { moduleIds: string[] }): string {
  const admin = chunk.moduleIds.some((id) => /\/web\/(features\/admin\/|routes\/admin\.tsx\?tsr-split)/.test(id));
  return admin ? "" : "//# allFunctionsCalledOnLoad";
}
