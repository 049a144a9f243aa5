import type { Category, Product } from "../../../../worker/contract/catalogue.ts";
import { byDisplayOrder } from "../../../../worker/contract/display-order.ts";
import { parsePhotoAddress } from "../../../../worker/contract/photos.ts";
import { type AdminDatabase, type OutboxChange, type OutboxEntry, outboxFormat } from "../../../lib/admin-outbox.ts";
import { m } from "../../../paraglide/messages.js";

/** The shop's own photos a product change lists: their uploads must be on the server first. */
const photosOf = (images: string | string[] | undefined) =>
  [images ?? []].flat().flatMap((src) => (parsePhotoAddress(src) ? [`photo:${src}`] : []));

/**
 * The row an entry is about, as `product:12` / `category:-3` / `photo:/images/….webp`, and the
 * rows it needs to exist.
 */
export function rowsOf(change: OutboxChange): string[] {
  switch (change.kind) {
    case "product.create":
      return [`product:${change.tempId}`, `category:${change.input.category_id}`, ...photosOf(change.input.images)];
    case "product.update":
      return [`product:${change.id}`, `category:${change.input.category_id}`, ...photosOf(change.input.images)];
    case "product.delete":
      return [`product:${change.id}`];
    case "category.create":
      return [`category:${change.tempId}`];
    case "category.update":
    case "category.delete":
      return [`category:${change.id}`];
    case "photo.upload":
      return [`photo:${change.src}`];
    case "reorder":
      return change.ids.map((id) => `product:${id}`);
  }
}

/** What one request of the outbox got: an answer, or none at all. */
export type SendResult = { status: number; body: unknown; retryAfter?: number } | { status: "no-answer" };

/** How a drain ended. */
export type DrainOutcome =
  /** Nothing left that can be sent now (what is left waits for the admin). */
  | "done"
  /** The server could not be reached or asked to wait; the next try is due at `retryAt`. */
  | "retrying"
  /** A 401: the session ended; nothing is sent until the administrator signs in again. */
  | "signed-out";

type Deps = {
  db: AdminDatabase;
  /** The signed-in administrator's id, or undefined: only their own entries are sent. */
  owner: () => string | undefined;
  /** Sends one change with its key (and its version in If-Match): outbox-requests.ts. */
  send: (entry: OutboxEntry) => Promise<SendResult>;
  now: () => number;
  random: () => number;
  newKey: () => string;
  /** Runs the drain in one tab at a time (Web Locks), or not at all when another holds it. */
  exclusive: (drain: () => Promise<DrainOutcome>) => Promise<DrainOutcome | undefined>;
};

const firstRetry = 1_000;
const longestWait = 5 * 60_000;

/** Capped exponential back-off with jitter: the n-th try without an answer waits about 2^(n-1) s, at most 5 min. */
export const backOff = (attempts: number, random: number, retryAfter = 0) =>
  Math.max(retryAfter, Math.min(longestWait, firstRetry * 2 ** (attempts - 1)) * (0.5 + random / 2));

/**
 * A reorder the server refused because the order moved (412): the admin's order again on top of
 * the server's. Their relative order is kept for the products that still exist, deleted ones are
 * dropped. A product they never saw goes first when its `sort_order` is below the order's first
 * position (`aboveTheOrder`: one added since, at the default 0, which the admin's device shows
 * above the ordered ones); any other stays after the product the server has before it.
 */
export function rebaseOrder(
  mine: readonly number[],
  basedOn: readonly number[],
  current: readonly number[],
  aboveTheOrder: ReadonlySet<number> = new Set(),
): number[] {
  const exists = new Set(current);
  const known = new Set([...mine, ...basedOn]);
  const order = mine.filter((id) => exists.has(id));
  let top = 0;
  current.forEach((id, index) => {
    if (known.has(id)) return;
    if (aboveTheOrder.has(id)) {
      order.splice(top++, 0, id);
      return;
    }
    const before = current.slice(0, index).findLast((other) => order.includes(other));
    order.splice(before === undefined ? top : order.indexOf(before) + 1, 0, id);
  });
  return order;
}

/** The products the admin's device holds with a `sort_order` below a reorder's first position (1). */
async function aboveReorders(db: AdminDatabase): Promise<Set<number>> {
  const products = (await db.loads.get("Products"))?.data as Product[] | undefined;
  return new Set((products ?? []).filter((p) => p.sort_order < 1).map((p) => p.id));
}

/** The entry's change with a row's temporary id replaced by the server's. */
function withId(change: OutboxChange, tempId: number, id: number, kind: "product" | "category"): OutboxChange {
  const swap = (value: number) => (value === tempId ? id : value);
  if (kind === "category") {
    if ((change.kind === "product.create" || change.kind === "product.update") && change.input.category_id === tempId)
      return { ...change, input: { ...change.input, category_id: id } };
    if (change.kind === "category.update" || change.kind === "category.delete")
      return { ...change, id: swap(change.id) };
    if (change.kind === "reorder" && change.categoryId === tempId) return { ...change, categoryId: id };
    return change;
  }
  if (change.kind === "reorder") return { ...change, ids: change.ids.map(swap), basedOn: change.basedOn.map(swap) };
  if (change.kind === "product.update" || change.kind === "product.delete") return { ...change, id: swap(change.id) };
  return change;
}

/** The entry's change on top of a row the server now has at `version`. */
function onVersion(change: OutboxChange, row: string, version: (base: number) => number): OutboxChange {
  if (!("baseVersion" in change) || rowsOf(change)[0] !== row) return change;
  return { ...change, baseVersion: version(change.baseVersion) };
}

/**
 * The outbox's replay (ADR 0046): oldest first, one request at a time, each answer recorded in the
 * same transaction that removes or marks its entry. An entry leaves only after a definitive
 * answer; one killed between its request and the record is sent again with the same key, and the
 * server answers it as before without applying it twice.
 */
export function createReplayer({ db, owner, send, now, random, newKey, exclusive }: Deps) {
  /** The next entry to send, marked as sending; or when the next one is due. */
  const next = () =>
    db.transaction("rw", db.entries, async () => {
      const me = owner();
      const held = new Set<string>();
      for (const entry of await db.entries.toArray()) {
        const rows = rowsOf(entry.change);
        // Waiting on the admin (or on another admin's sign-in): what needs the same rows waits too.
        // An entry of a newer release's format (this tab is an older build still open) waits for
        // the tab that knows it.
        const waits =
          entry.format > outboxFormat ||
          entry.owner !== me ||
          entry.state === "conflict" ||
          entry.state === "rejected" ||
          rows.some((row) => held.has(row));
        if (waits) {
          for (const row of rows) held.add(row);
          continue;
        }
        if (entry.notBefore > now()) return { dueAt: entry.notBefore };
        await db.entries.update(entry.seq as number, { state: "sending" });
        return { entry };
      }
      return {};
    });

  /** Records a definitive answer, or schedules the next try; returns how the drain goes on. */
  async function record(entry: OutboxEntry, result: SendResult): Promise<DrainOutcome | "next"> {
    const seq = entry.seq as number;
    const { change } = entry;
    const status = result.status;
    if (status === "no-answer" || status === 408 || status === 429 || status >= 500) {
      const attempts = entry.attempts + 1;
      const retryAfter = status === "no-answer" ? 0 : (result.retryAfter ?? 0) * 1000;
      await db.entries.update(seq, {
        state: "waiting",
        attempts,
        notBefore: now() + backOff(attempts, random(), retryAfter),
      });
      return "retrying";
    }
    if (status === 401) {
      await db.entries.update(seq, { state: "waiting" });
      return "signed-out";
    }
    const body = (result.body ?? {}) as {
      detail?: string;
      code?: unknown;
      fields?: Record<string, string>;
      current?: unknown;
    };
    const applied =
      (status >= 200 && status < 300) || (change.kind.endsWith(".delete") && (status === 404 || status === 410));
    if (applied) {
      await acknowledge(entry, status === 404 || status === 410 ? undefined : (result.body as Product | Category));
      return "next";
    }
    if (status === 412 && change.kind === "reorder" && Array.isArray(body.current)) {
      const current = body.current as number[];
      const ids = rebaseOrder(change.ids, change.basedOn, current, await aboveReorders(db));
      // Nothing of the admin's order is left: the server's order stands.
      if (ids.length === 0) await acknowledge(entry, undefined);
      else
        await db.entries.update(seq, { change: { ...change, ids, basedOn: current }, state: "waiting", key: newKey() });
      return "next";
    }
    if (status === 412 && body.current && typeof body.current === "object") {
      await db.entries.update(seq, { state: "conflict", current: body.current as Product | Category });
      return "next";
    }
    const refusal = {
      status,
      code: typeof body.code === "string" ? body.code : "refused",
      detail: body.detail ?? m.admin_outbox_refused({ status }),
      ...(body.fields ? { fields: body.fields } : {}),
    };
    await db.entries.update(seq, { state: "rejected", refusal });
    return "next";
  }

  /** Applied: the entry leaves, later entries learn the row's id and version, and the stored lists take the row. */
  function acknowledge(entry: OutboxEntry, row: Product | Category | undefined) {
    const { change } = entry;
    // A stored photo is no row: the product changes after it already name its address.
    if (change.kind === "photo.upload") return db.entries.delete(entry.seq as number);
    return db.transaction("rw", db.entries, db.loads, async () => {
      await db.entries.delete(entry.seq as number);
      const later = (await db.entries.toArray()).filter((other) => (other.seq as number) > (entry.seq as number));
      const kind = change.kind === "reorder" ? "product" : (change.kind.split(".")[0] as "product" | "category");
      for (const other of later) {
        let next = other.change;
        if ((change.kind === "product.create" || change.kind === "category.create") && row)
          next = withId(next, change.tempId, row.id, kind);
        if (row && change.kind !== "reorder") next = onVersion(next, `${kind}:${row.id}`, () => row.version);
        if (change.kind === "reorder")
          for (const id of change.ids) next = onVersion(next, `product:${id}`, (v) => v + 1);
        if (next !== other.change) await db.entries.update(other.seq as number, { change: next });
      }
      await patchLoads(db, change, row);
    });
  }

  return {
    /** Sends what can be sent now, in order; resolves when nothing more can go. */
    drain(): Promise<{ outcome: DrainOutcome; retryAt?: number } | undefined> {
      let retryAt: number | undefined;
      return exclusive(async () => {
        for (;;) {
          const { entry, dueAt } = await next();
          if (!entry) {
            retryAt = dueAt;
            return dueAt === undefined ? "done" : "retrying";
          }
          const outcome = await record(entry, await send(entry).catch((): SendResult => ({ status: "no-answer" })));
          if (outcome !== "next") {
            retryAt = outcome === "retrying" ? (await db.entries.get(entry.seq as number))?.notBefore : undefined;
            return outcome;
          }
        }
      }).then((outcome) => (outcome === undefined ? undefined : { outcome, retryAt }));
    },
  };
}

/** The dashboard's stored lists with an applied change, so they need no reload to show it. */
export async function patchLoads(db: AdminDatabase, change: OutboxChange, row: Product | Category | undefined) {
  const name = change.kind.startsWith("category") ? "Categories" : "Products";
  const stored = await db.loads.get(name);
  if (!stored) return;
  let rows = stored.data as (Product | Category)[];
  if (change.kind.endsWith(".delete")) rows = rows.filter((other) => other.id !== (change as { id: number }).id);
  else if (change.kind === "reorder") {
    const position = new Map(change.ids.map((id, index) => [id, index + 1]));
    rows = (rows as Product[]).map((p) =>
      position.has(p.id) ? { ...p, sort_order: position.get(p.id) as number, version: p.version + 1 } : p,
    );
  } else if (row)
    rows = rows.some((other) => other.id === row.id) ? rows.map((o) => (o.id === row.id ? row : o)) : [...rows, row];
  if (name === "Products") (rows as Product[]).sort(byDisplayOrder);
  // Still as old as the load: the rest of the list was not read again.
  await db.loads.put({ ...stored, data: rows });
}
