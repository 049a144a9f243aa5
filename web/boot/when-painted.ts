/**
 * Runs `start` once the page and its first images are on screen (ADR 0007): `load` waits for
 * the images above the fold (the others are lazy); a frame callback runs just before the next
 * paint, and the task it schedules runs after that paint. The catalogue pages arrive painted by
 * the server, so the app's download, evaluation and hydration never stand between the shopper
 * and the content.
 */
export function whenPainted(start: () => void): void {
  const afterNextPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
  if (document.readyState === "complete") afterNextPaint();
  else window.addEventListener("load", afterNextPaint, { once: true });
}
