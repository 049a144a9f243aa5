import type { EventKind } from "../../worker/contract/insights.ts";
import { shopDay } from "../../worker/contract/shop-day.ts";

/*
 * Insights without tracking (issue 31, docs/decisions/0055-counting-without-tracking.md): a
 * product page counts a view, and following its marketplace link a shop visit. An event is a
 * product id, a kind and, when it waited on the device, its day; no cookie, no identifier. Sent
 * at once when the device is online; otherwise, or when it finds no server, it waits in the
 * device's queue (insight-queue.ts, loaded only then: shoppers who are online never download
 * Dexie for this) and is sent when the network is back or the app next starts.
 */

export type InsightEvent = { product_id: number; kind: EventKind; day?: string };

export const eventsPath = "/api/events";

/** The JSON body as a Blob: sendBeacon sends a Blob's type as the Content-Type. */
const jsonBody = (event: InsightEvent) => new Blob([JSON.stringify(event)], { type: "application/json" });

/**
 * Events whose queue could not be loaded (offline before the service worker kept its code):
 * held by this page instead, and sent with the queue's when the network is back.
 */
const held: Required<InsightEvent>[] = [];

/** Keeps the event on the device, with the day it happened, to be sent later. */
async function keep(event: InsightEvent): Promise<void> {
  const waiting = { ...event, day: event.day ?? shopDay(new Date()) };
  try {
    const { enqueueInsightEvent } = await import("./insight-queue.ts");
    await enqueueInsightEvent(waiting);
  } catch {
    held.push(waiting);
  }
}

/**
 * Sends one event with `fetch`: true when it is settled
 * for good (2xx, or a 4xx that no resend would change), false when it should wait (no answer,
 * or a 5xx).
 */
export async function postInsightEvent(event: InsightEvent, { keepalive = false } = {}): Promise<boolean> {
  try {
    const response = await fetch(eventsPath, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(event),
      // Only when the page may be going away (a marketplace link followed): a keepalive request
      // is the browser's, not the page's, and tools that wait for the page's network to settle
      // (Playwright's networkidle) never see it end.
      keepalive,
      credentials: "omit",
    });
    // Read to its end (a few bytes), so the request is finished for the browser and its tools
    // too: an unread body leaves it loading.
    await response.text().catch(() => "");
    return response.status < 500;
  } catch {
    return false;
  }
}

/** A page view: sent now, or kept when offline or the server did not answer. */
export async function countView(productId: number): Promise<void> {
  const event: InsightEvent = { product_id: productId, kind: "view" };
  if (!navigator.onLine || !(await postInsightEvent(event))) await keep(event);
}

/**
 * A follow of the marketplace link: the link itself opens the marketplace (it works without
 * JavaScript); this sends the count beside it with sendBeacon, which the browser delivers even
 * as the page goes to the background, falling back to fetch with keepalive.
 */
export function countShopVisit(productId: number): void {
  const event: InsightEvent = { product_id: productId, kind: "shop_visit" };
  if (!navigator.onLine) {
    void keep(event);
    return;
  }
  if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(eventsPath, jsonBody(event))) return;
  void postInsightEvent(event, { keepalive: true }).then((settled) => (settled ? undefined : keep(event)));
}

/** The device's queue (insight-queue.ts), an IndexedDB database of this name. */
export const insightQueueName = "dogal-yasam-insights";

/**
 * Sends what waits on the device. The queue's module is loaded only when its database exists, so
 * a device that never kept an event never loads Dexie for it (where `indexedDB.databases()` is
 * missing, it is loaded).
 */
async function sendWaiting(): Promise<void> {
  if (!navigator.onLine) return;
  while (held[0] && (await postInsightEvent(held[0]))) held.shift();
  try {
    const databases = await indexedDB.databases?.();
    if (databases && !databases.some((database) => database.name === insightQueueName)) return;
  } catch {
    return;
  }
  const { sendWaitingInsightEvents } = await import("./insight-queue.ts");
  await sendWaitingInsightEvents();
}

let watching = false;

/**
 * At the app's start (web/main.tsx, once the page is idle): sends the events kept on the device
 * now, and again whenever the network comes back.
 */
export function sendWaitingInsightEventsFromNowOn(): void {
  if (watching) return;
  watching = true;
  window.addEventListener("online", () => void sendWaiting());
  void sendWaiting();
}
