import "./styles.css";

/**
 * The entry: tiny on purpose. The catalogue pages arrive painted by the server, so the app's
 * code (React, the router, the screens) is fetched and started only once the page and its
 * first images are on screen: the app's download, evaluation and hydration never stand between
 * the shopper and the content (ADR 0007). `load` waits for the images above the fold (the
 * others are lazy); a frame callback runs just before the next paint, and the task it schedules
 * runs after that paint.
 */
function startApp(): void {
  requestAnimationFrame(() => {
    setTimeout(() => void import("./app.tsx"), 0);
  });
}

if (document.readyState === "complete") startApp();
else window.addEventListener("load", startApp, { once: true });
