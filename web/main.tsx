import "./styles.css";
import { whenPainted } from "./boot/when-painted.ts";
import { markSessionFromStorage } from "./lib/session-hint.ts";
import { markBuildCurrent, reloadOnceForStaleBuild } from "./lib/stale-build.ts";

// The entry: the stylesheet, and the app once the page is painted (ADR 0007). Vite preloads
// the app's chunks in parallel when the import starts.

// First of all, so a member's server-rendered page never shows the visitor's Sign In / Sign Up.
markSessionFromStorage();

// Vite reports a chunk it could not preload; without preventDefault it throws the error.
window.addEventListener("vite:preloadError", (event) => {
  if (reloadOnceForStaleBuild()) event.preventDefault();
});

whenPainted(() =>
  import("./boot/start-app.tsx")
    .then(({ startApp }) => startApp())
    .then(markBuildCurrent, (error: unknown) => {
      if (!reloadOnceForStaleBuild()) throw error;
    }),
);
