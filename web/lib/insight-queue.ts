import Dexie, { type Table } from "dexie";
import { type InsightEvent, insightQueueName, postInsightEvent } from "./insight-events.ts";

/*
 * The events a shopper's device could not send (offline, or no server), each with the day it
 * happened (docs/decisions/0055-counting-without-tracking.md). Nothing else: no identifier, no
 * time of day. An event leaves the queue once the server answered it for good (2xx, or a 4xx such
 * as a product since deleted or a day now past 30 days back); it stays after no answer or a 5xx.
 * Tabs take turns through a Web Lock, so two never send the same event; the database is deleted
 * once it is empty, so the app's start finds no database and loads none of this.
 */

type WaitingEvent = Required<InsightEvent> & { seq?: number };

class InsightQueue extends Dexie {
  events!: Table<WaitingEvent, number>;
  constructor() {
    super(insightQueueName);
    this.version(1).stores({ events: "++seq" });
  }
}

/** One tab at a time adds, sends or deletes (where the browser has Web Locks). */
const inTurn = <T>(task: () => Promise<T>): Promise<T> =>
  navigator.locks ? navigator.locks.request(insightQueueName, task) : task();

export async function enqueueInsightEvent(event: Required<InsightEvent>): Promise<void> {
  await inTurn(async () => {
    const db = new InsightQueue();
    try {
      await db.events.add({ product_id: event.product_id, kind: event.kind, day: event.day });
    } finally {
      db.close();
    }
  });
}

/** Sends the waiting events oldest first; stops at the first that must wait longer. */
export async function sendWaitingInsightEvents(): Promise<void> {
  await inTurn(async () => {
    const db = new InsightQueue();
    try {
      for (const { seq, ...event } of await db.events.orderBy("seq").toArray()) {
        if (!(await postInsightEvent(event))) return;
        if (seq !== undefined) await db.events.delete(seq);
      }
      if ((await db.events.count()) > 0) return;
    } finally {
      db.close();
    }
    await Dexie.delete(insightQueueName);
  });
}
