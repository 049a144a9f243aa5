import "./styles.css";
import { startInStages } from "./boot/start-in-stages.ts";
import { whenPainted } from "./boot/when-painted.ts";
import { catalogueWorker } from "./features/catalogue/catalogue-worker-start.ts";
import { markSessionFromStorage } from "./lib/session-hint.ts";
import { markBuildCurrent, reloadOnceForStaleBuild } from "./lib/stale-build.ts";

// The entry: the stylesheet, and the app once the page is painted, started in parts, a task
// each (ADRs 0043, 0100).

// First of all, so a member's server-rendered page never shows the visitor's Sign In / Sign Up.
markSessionFromStorage();

// Vite reports a chunk it could not preload; without preventDefault it throws the error.
window.addEventListener("vite:preloadError", (event) => {
  if (reloadOnceForStaleBuild()) event.preventDefault();
});

whenPainted(() => {
  // Every page's header starts the catalogue: its worker reads the device's copy on another
  // thread while this one starts the app (ADR 0028).
  catalogueWorker();
  startInStages().then(markBuildCurrent, (error: unknown) => {
    if (!reloadOnceForStaleBuild()) throw error;
  });
});
