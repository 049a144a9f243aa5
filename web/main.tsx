import "./styles.css";
import { markSessionFromStorage } from "./lib/session-hint.ts";
import { markBuildCurrent, reloadOnceForStaleBuild } from "./lib/stale-build.ts";

// First of all, so a member's server-rendered page never shows the visitor's Sign In / Sign Up.
markSessionFromStorage();

/**
 * The entry: tiny on purpose. The catalogue pages arrive painted by the server, so the app's
 * code (React, the router, the screens) is fetched and started only once the page and its
 * first images are on screen: the app's download, evaluation and hydration never stand between
 * the shopper and the content (ADR 0007). `load` waits for the images above the fold (the
 * others are lazy); a frame callback runs just before the next paint, and the task it schedules
 * runs after that paint.
 */
function whenPainted(start: () => void): void {
  const afterNextPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
  if (document.readyState === "complete") afterNextPaint();
  else window.addEventListener("load", afterNextPaint, { once: true });
}

/** Resolves in a later task, so the browser can handle input and paint in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Fetches all of the app's modules at once (the build lists them in index.html, inert in a
 * `<template>`), then evaluates them a library at a time: evaluating React DOM, the router and
 * the screens in one go was the page's longest task (ADR 0008).
 */
async function startApp(): Promise<void> {
  const modules = document.getElementById("app-modules");
  if (modules instanceof HTMLTemplateElement) document.head.append(modules.content);
  await import("react");
  await nextTask();
  await import("react-dom/client");
  await nextTask();
  await import("@tanstack/react-router");
  await nextTask();
  const app = await import("./app.tsx");
  await nextTask();
  await app.startApp(nextTask);
}

// Vite reports a chunk it could not preload; without preventDefault it throws the error.
window.addEventListener("vite:preloadError", (event) => {
  if (reloadOnceForStaleBuild()) event.preventDefault();
});

whenPainted(() =>
  startApp().then(markBuildCurrent, (error: unknown) => {
    if (!reloadOnceForStaleBuild()) throw error;
  }),
);
