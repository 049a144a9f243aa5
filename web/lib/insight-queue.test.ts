import "fake-indexeddb/auto";
import Dexie from "dexie";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { shopDay } from "../../worker/contract/shop-day.ts";
import { countShopVisit, countView, insightQueueName } from "./insight-events.ts";
import { sendWaitingInsightEvents } from "./insight-queue.ts";

// The shopper's events while offline (issue 31): kept on the device with their day, sent when
// the network is back, deleted after a 2xx or 4xx, kept after no answer or a 5xx. Dexie over
// fake-indexeddb; the network is a stub that records what was sent.

type Sent = { url: string; body: unknown; keepalive: boolean | undefined };
let sent: Sent[];
let answers: (number | "no answer")[];
let online: boolean;

beforeEach(() => {
  sent = [];
  answers = [];
  online = false;
  vi.stubGlobal("navigator", {
    get onLine() {
      return online;
    },
    sendBeacon: undefined,
  });
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    sent.push({ url, body: JSON.parse(String(init.body)), keepalive: init.keepalive });
    const answer = answers.shift() ?? 202;
    if (answer === "no answer") throw new TypeError("Failed to fetch");
    return new Response(null, { status: answer });
  });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await Dexie.delete(insightQueueName);
});

const waiting = async () => {
  if (!(await Dexie.exists(insightQueueName))) return [];
  const db = new Dexie(insightQueueName);
  db.version(1).stores({ events: "++seq" });
  const rows = await db.table("events").toArray();
  db.close();
  return rows;
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("events kept on the device", () => {
  it("keeps a view and a shop visit made offline, with their day and nothing else, and sends them later", async () => {
    await countView(7);
    countShopVisit(7);
    await settle();
    expect(sent).toEqual([]);
    const today = shopDay(new Date());
    expect(await waiting()).toEqual([
      { seq: 1, product_id: 7, kind: "view", day: today },
      { seq: 2, product_id: 7, kind: "shop_visit", day: today },
    ]);

    online = true;
    await sendWaitingInsightEvents();
    expect(sent).toEqual([
      { url: "/api/events", body: { product_id: 7, kind: "view", day: today }, keepalive: false },
      { url: "/api/events", body: { product_id: 7, kind: "shop_visit", day: today }, keepalive: false },
    ]);
    // Empty: the database itself is gone, so the next start loads nothing for it.
    expect(await Dexie.exists(insightQueueName)).toBe(false);
  });

  it("keeps an event after no answer or a 5xx, drops it after a 4xx, and never sends one twice once answered", async () => {
    await countView(1);
    await countView(2);
    await countView(3);
    online = true;
    answers = ["no answer"];
    await sendWaitingInsightEvents();
    expect(sent.map((s) => (s.body as { product_id: number }).product_id)).toEqual([1]);
    expect((await waiting()).map((e) => e.product_id)).toEqual([1, 2, 3]);

    answers = [202, 503];
    await sendWaitingInsightEvents();
    expect((await waiting()).map((e) => e.product_id)).toEqual([2, 3]);

    answers = [400, 202];
    await sendWaitingInsightEvents();
    expect(await waiting()).toEqual([]);
    expect(sent.map((s) => (s.body as { product_id: number }).product_id)).toEqual([1, 1, 2, 2, 3]);
  });

  it("sends at once when online, and keeps a view the server did not answer", async () => {
    online = true;
    await countView(5);
    expect(sent).toEqual([{ url: "/api/events", body: { product_id: 5, kind: "view" }, keepalive: false }]);
    expect(await Dexie.exists(insightQueueName)).toBe(false);
    answers = [502];
    await countView(6);
    expect((await waiting()).map((e) => [e.product_id, e.kind])).toEqual([[6, "view"]]);
  });
});
