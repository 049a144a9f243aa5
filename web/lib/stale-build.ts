/**
 * A page from an older deploy (kept open in a tab, restored from the back-forward cache) asks
 * for script chunks that the newer deploy no longer has, and the import fails with a 404.
 * Reloading once brings the current page and its chunks. A second failure in the same tab
 * session is a real error, left to surface. (TanStack Router does the same for route chunks.)
 */
const reloadedKey = "stale-build-reloaded";

let reloading = false;

/**
 * Reloads the page unless this tab already did so for a failed chunk; says whether a reload is
 * under way (several failures of one start all end in the same reload).
 */
export function reloadOnceForStaleBuild(): boolean {
  if (reloading) return true;
  // Offline the chunk is missing from this device, not from the server: a reload would not bring
  // it, and the page that asked says so itself (RouteError, the admin's forms).
  if (!navigator.onLine) return false;
  if (sessionStorage.getItem(reloadedKey)) return false;
  sessionStorage.setItem(reloadedKey, "1");
  reloading = true;
  window.location.reload();
  return true;
}

/** The app started with the current build: a later deploy may reload the tab once again. */
export function markBuildCurrent(): void {
  sessionStorage.removeItem(reloadedKey);
}
