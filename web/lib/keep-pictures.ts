/**
 * Hands pictures to the service worker to keep for offline use (web/service-worker/sw.ts,
 * `CACHE_IMAGES`: the shop's own, and other https hosts' it may read, ADR 0025). Waits for an
 * active service worker; where there is none (development, an old browser) nothing happens.
 */
export async function keepPictures(urls: readonly string[]): Promise<void> {
  if (!("serviceWorker" in navigator) || urls.length === 0) return;
  const { active } = await navigator.serviceWorker.ready;
  active?.postMessage({ type: "CACHE_IMAGES", urls });
}
