import "./styles.css";

/**
 * The entry: tiny on purpose. The catalogue pages arrive painted by the server, so the app's
 * code (React, the router, the screens) is fetched and started only after the browser has shown
 * that first frame: its download, evaluation and hydration never stand between the shopper and
 * the content (ADR 0007). A frame callback runs just before a paint; the task it schedules runs
 * after that paint.
 */
requestAnimationFrame(() => {
  setTimeout(() => void import("./app.tsx"), 0);
});
