/**
 * Runs `start` once the page and its first images are on screen (ADR 0043): `load`
 * waits for the images above the fold (the others are lazy), then the browser's own report of
 * the first contentful paint: the frame is on screen, not only painted by the main thread (it
 * reached the screen 60–90 ms later in our measurements, and the app's requests made in between
 * count towards the paint in Lighthouse's model of a phone). The catalogue pages arrive painted
 * by the server, so the app's download, evaluation and hydration never stand between the shopper
 * and the content. A page with nothing to paint yet (the app shell's empty `#root`) starts after
 * the next frame, as do browsers without paint timing.
 */
export function whenPainted(start: () => void): void {
  const afterPaint = () => (hasContent() && reportsPaints() ? afterContentfulPaint(start) : afterNextFrame(start));
  if (document.readyState === "complete") afterPaint();
  else window.addEventListener("load", afterPaint, { once: true });
}

const hasContent = () => document.getElementById("root")?.firstElementChild != null;
const reportsPaints = () => PerformanceObserver.supportedEntryTypes?.includes("paint") === true;

/** A frame callback runs just before the next paint; the task it schedules runs after it. */
const afterNextFrame = (start: () => void) => requestAnimationFrame(() => setTimeout(start, 0));

function afterContentfulPaint(start: () => void): void {
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    setTimeout(start, 0);
  });
  // `buffered`: the paint may have been reported before `load`.
  observer.observe({ type: "paint", buffered: true });
}
