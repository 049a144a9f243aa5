import { liveQuery } from "dexie";
import { useEffect, useState, useSyncExternalStore } from "react";
import type { Category, Product } from "../../../../worker/contract/catalogue.ts";
import { AdminDatabase, newEntry, type OutboxChange, type OutboxEntry } from "../../../lib/admin-outbox.ts";
import { ApiResponseError, NetworkError } from "../../../lib/api-client.ts";
import { getSessionManager } from "../../../lib/session.ts";
import { m } from "../../../paraglide/messages.js";
import { VersionConflictError } from "../admin-api.ts";
import { createOutboxQueue, type NewChange } from "./outbox-queue.ts";
import { createReplayer, type DrainOutcome } from "./outbox-replayer.ts";
import { outboxSender } from "./outbox-requests.ts";
import { photoProgress, sendPhoto } from "./photo-upload.ts";

/*
 * The outbox of this page (ADR 0046) over the browser's pieces: IndexedDB through Dexie, the
 * session's fetch (its bearer token, refreshed first), Web Locks so one tab replays for all, and
 * the moments a replay is worth trying: the page's start, `online`, the return to the
 * foreground, a new sign-in, each new change, and a timer while anything waits.
 */

/** How a save ended for the screen that asked for it. */
export type SaveOutcome = "sent" | "saved-on-device";

/** How long a save waits for the server before it tells the admin the change is kept on the device. */
const answerWait = 8_000;
const timerPeriod = 30_000;

type Outbox = ReturnType<typeof openOutbox>;
let outbox: Outbox | undefined;

export function getOutbox(): Outbox {
  outbox ??= openOutbox();
  return outbox;
}

function openOutbox() {
  const db = new AdminDatabase();
  const session = getSessionManager();
  const owner = () => session.getState().session?.user.id;
  let status: { outcome?: DrainOutcome } = {};
  const listeners = new Set<() => void>();
  const tellStatus = (next: typeof status) => {
    status = next;
    for (const listener of listeners) listener();
  };

  const replayer = createReplayer({
    db,
    owner,
    send: (entry) => send(entry),
    now: () => Date.now(),
    random: Math.random,
    newKey: () => crypto.randomUUID(),
    exclusive: (drain) =>
      navigator.locks
        ? navigator.locks.request("dogal-yasam:outbox", { ifAvailable: true }, (lock) => (lock ? drain() : undefined))
        : drain(),
  });

  let timer: ReturnType<typeof setTimeout> | undefined;
  // Asked while a drain of this tab runs (a change queued as it finished, say): one more after it.
  let draining = false;
  let again = false;
  const replay = async () => {
    if (!owner()) return;
    if (draining) {
      again = true;
      return;
    }
    draining = true;
    clearTimeout(timer);
    let result: Awaited<ReturnType<typeof replayer.drain>>;
    do {
      again = false;
      result = await replayer.drain().catch(() => undefined);
      if (result) tellStatus({ outcome: result.outcome });
    } while (again);
    draining = false;
    // Another tab holds the lock: it replays; this one looks again soon in case it just finished.
    const wait =
      result === undefined ? 2_000 : result.retryAt ? Math.max(1_000, result.retryAt - Date.now()) : timerPeriod;
    timer = setTimeout(() => void replay(), wait);
  };

  const queue = createOutboxQueue({
    db,
    owner: () => owner() ?? "",
    now: () => Date.now(),
    newKey: () => crypto.randomUUID(),
    changed: () => void replay(),
  });

  // The waits of the back-off were for a network that is now back.
  addEventListener("online", () => void queue.sendNow());
  // A 401 paused the queue until the administrator signs in again.
  session.onAuthStateChange((event) => {
    if (event === "SIGNED_IN") void replay();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void replay();
  });
  void replay();

  /**
   * Resolves once the entry has a fate the screen can tell: sent, refused, or kept for later. The
   * wait starts again while photos queued before it are still uploading (ADR 0093): a slow uplink
   * is not offline.
   */
  const fateOf = (seq: number, sent: number) =>
    new Promise<OutboxEntry | undefined | "later">((resolve) => {
      let wait = setTimeout(() => finish("later"), answerWait);
      const uploading = photoProgress.subscribe(() => {
        clearTimeout(wait);
        wait = setTimeout(() => finish("later"), answerWait);
      });
      const subscription = liveQuery(() => db.entries.get(seq)).subscribe((entry) => {
        if (!entry) finish(undefined);
        else if (entry.state === "conflict" || entry.state === "rejected") finish(entry);
        else if (entry.attempts > sent || !navigator.onLine) finish("later");
      });
      function finish(fate: OutboxEntry | undefined | "later") {
        clearTimeout(wait);
        uploading();
        // Called from inside subscribe, possibly before it returned.
        queueMicrotask(() => subscription.unsubscribe());
        resolve(fate);
      }
    });

  const send = outboxSender((input, init) => session.fetch(input, init), sendPhoto);
  async function sendNow(change: NewChange): Promise<SaveOutcome> {
    const full = { tempId: 0, ...change } as OutboxChange;
    const result = await send(newEntry(full, owner() ?? "", crypto.randomUUID(), Date.now()));
    if (result.status === "no-answer") throw new NetworkError("No answer from the server.");
    if (result.status >= 200 && result.status < 300) return "sent";
    const body = (result.body ?? {}) as {
      detail?: string;
      code?: string;
      fields?: Record<string, string>;
      current?: Product | Category;
    };
    if (result.status === 412 && body.current) throw new VersionConflictError(body.detail ?? "", body.current);
    throw new ApiResponseError(result.status, body.code ?? "refused", body.detail ?? "", body.fields);
  }

  return {
    db,
    replay,
    queue,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    status: () => status,

    /**
     * A change kept in the outbox and sent in its turn, without waiting for the server: a photo
     * (ADR 0093), whose address the device already knows. Where this browser keeps no outbox
     * (no IndexedDB) it is sent at once, and the promise tells how that went.
     */
    async add(change: NewChange): Promise<void> {
      try {
        await queue.queue(change);
      } catch {
        await sendNow(change);
      }
    },

    /**
     * A screen's save: kept in the outbox, then sent. "sent" once the server applied it;
     * "saved-on-device" when it got no answer (offline): it goes when the network is back. A
     * refusal while the admin still has the form open is given back to the form (the entry is
     * dropped: the form holds the admin's words, and its conflict panel shows the server's row).
     */
    async save(change: NewChange): Promise<SaveOutcome> {
      let entry: OutboxEntry;
      try {
        entry = await queue.queue(change);
      } catch {
        // No IndexedDB here (some private windows): sent at once, online only.
        return sendNow(change);
      }
      if (!navigator.onLine) return "saved-on-device";
      const fate = await fateOf(entry.seq as number, entry.attempts);
      if (fate === "later") return "saved-on-device";
      if (fate === undefined) return "sent";
      await queue.discard(entry.seq as number);
      if (fate.state === "conflict" && fate.current)
        throw new VersionConflictError(m.admin_version_conflict(), fate.current);
      const refusal = fate.refusal;
      throw new ApiResponseError(
        refusal?.status ?? 400,
        refusal?.code ?? "refused",
        refusal?.detail ?? "",
        refusal?.fields,
      );
    },
  };
}

/** A screen's save through this page's outbox (see `save` above). */
export const saveChange = (change: NewChange): Promise<SaveOutcome> => getOutbox().save(change);

/** What a screen says of a change kept on the device for later. */
export const savedOnDeviceText = (): string => m.admin_saved_on_device();

/**
 * Whether the browser keeps this device's storage (the outbox included) even when space runs low:
 * asked once a page (`navigator.storage.persist()`); undefined until it answers, false where the
 * browser cannot say.
 */
export function usePersistentStorage(): boolean | undefined {
  const [persisted, setPersisted] = useState<boolean>();
  useEffect(() => {
    persistence ??= navigator.storage?.persist
      ? navigator.storage.persist().catch(() => false)
      : Promise.resolve(false);
    void persistence.then(setPersisted);
  }, []);
  return persisted;
}
let persistence: Promise<boolean> | undefined;

/** Every entry of the outbox, oldest first, kept current across this page's tabs. */
export function useOutboxEntries(): OutboxEntry[] | undefined {
  return useSyncExternalStore(subscribeEntries, readEntries, readNothing);
}

let entries: OutboxEntry[] | undefined;
let watching = false;
const entryListeners = new Set<() => void>();
function subscribeEntries(listener: () => void) {
  entryListeners.add(listener);
  // One query for the page's life: the outbox is read by every admin screen.
  if (!watching) {
    watching = true;
    liveQuery(() => getOutbox().db.entries.toArray()).subscribe({
      next: (next) => {
        entries = next;
        for (const tell of entryListeners) tell();
      },
      // No IndexedDB here: the outbox is empty, and saves say why they fail.
      error: () => {
        entries = [];
        for (const tell of entryListeners) tell();
      },
    });
  }
  return () => entryListeners.delete(listener);
}
const readEntries = () => entries;
const readNothing = () => undefined;
