import { type AdminDatabase, newEntry, type OutboxChange, type OutboxEntry } from "../../../lib/admin-outbox.ts";
import { patchLoads, rowsOf } from "./outbox-replayer.ts";

/** A change as a screen asks for it; a create's temporary id is given by the outbox. */
export type NewChange =
  | Exclude<OutboxChange, { kind: "product.create" | "category.create" }>
  | Omit<Extract<OutboxChange, { kind: "product.create" }>, "tempId">
  | Omit<Extract<OutboxChange, { kind: "category.create" }>, "tempId">;

type Deps = {
  db: AdminDatabase;
  /** The signed-in administrator's id: the owner of what they queue. */
  owner: () => string;
  now: () => number;
  newKey: () => string;
  /** Told after every change to the outbox (the replayer starts, other tabs read again). */
  changed: () => void;
};

/** Never sent, so it may still be rewritten: nothing the server saw can change under its key. */
const unsent = (entry: OutboxEntry) => entry.state === "waiting" && entry.attempts === 0;

/**
 * The admin's writes as the outbox keeps them (ADR 0046). A change is done for the admin once
 * `queue` resolves: it is on the device, shown by every screen of the device, and on its way.
 * A change to a row whose last change is still unsent is folded into that entry (the entry keeps
 * its key and the version it was based on), so an offline afternoon of edits is one request a row.
 */
export function createOutboxQueue({ db, owner: currentOwner, now, newKey, changed }: Deps) {
  const fresh = (change: OutboxChange) => newEntry(change, currentOwner(), newKey(), now());

  /** The change folded into an unsent entry for the same row, or undefined when it cannot be. */
  function fold(last: OutboxEntry, change: NewChange): OutboxChange | "cancelled" | undefined {
    const before = last.change;
    if (change.kind === "reorder") {
      const sameScope = before.kind === "reorder" && before.categoryId === change.categoryId;
      return sameScope ? { ...change, basedOn: before.basedOn } : undefined;
    }
    if (change.kind === "product.update" && before.kind === "product.create") return { ...before, input: change.input };
    if (change.kind === "category.update" && before.kind === "category.create")
      return { ...before, input: change.input };
    if (change.kind === "product.update" && before.kind === "product.update")
      return { ...change, baseVersion: before.baseVersion };
    if (change.kind === "category.update" && before.kind === "category.update")
      return { ...change, baseVersion: before.baseVersion };
    // Deleting what was never sent: nothing to tell the server.
    if (change.kind.endsWith(".delete") && before.kind === change.kind.replace("delete", "create")) return "cancelled";
    if (change.kind === "product.delete" && before.kind === "product.update")
      return { ...change, baseVersion: before.baseVersion };
    if (change.kind === "category.delete" && before.kind === "category.update")
      return { ...change, baseVersion: before.baseVersion };
    return undefined;
  }

  const tell = <T>(result: T) => {
    changed();
    return result;
  };

  return {
    /** Keeps the change on the device; resolves with its entry once it is stored. */
    async queue(change: NewChange): Promise<OutboxEntry> {
      const owner = currentOwner();
      const entry = await db.transaction("rw", db.entries, async () => {
        const entries = await db.entries.toArray();
        const rows = change.kind.endsWith("create") ? [] : rowsOf(change as OutboxChange);
        // The last entry about the same row (for a reorder: the last entry of all).
        const last =
          change.kind === "reorder"
            ? entries.at(-1)
            : entries.findLast((e) => rowsOf(e.change).some((row) => row === rows[0]) && e.owner === owner);
        // A product change that lists a photo queued after `last` stays after that photo's upload.
        const needsLater =
          change.kind === "product.update" &&
          entries.some(
            (e) =>
              (e.seq as number) > (last?.seq ?? 0) &&
              e.change.kind === "photo.upload" &&
              rowsOf(change).includes(`photo:${e.change.src}`),
          );
        const folded = last && last.owner === owner && unsent(last) && !needsLater ? fold(last, change) : undefined;
        if (last?.seq !== undefined && folded !== undefined) {
          if (folded === "cancelled") await db.entries.delete(last.seq);
          else await db.entries.update(last.seq, { change: folded });
          return folded === "cancelled" ? last : { ...last, change: folded };
        }
        if (change.kind === "product.create" || change.kind === "category.create") {
          const seq = await db.entries.add(fresh({ ...change, tempId: 0 }));
          // IndexedDB never gives a sequence number twice, so neither is a temporary id.
          const created = { ...change, tempId: -seq };
          await db.entries.update(seq, { change: created });
          return { ...fresh(created), seq };
        }
        const added = fresh(change);
        return { ...added, seq: await db.entries.add(added) };
      });
      return tell(entry);
    },

    /** The network is back: what waited out a back-off goes now, not when its wait ends. */
    async sendNow(): Promise<void> {
      await db.entries.filter((entry) => entry.notBefore > 0).modify({ notBefore: 0 });
      tell(undefined);
    },

    /** A refused change sent again as a new request (the old key's answer is the refusal). */
    async retry(seq: number): Promise<void> {
      await db.entries.update(seq, {
        state: "waiting",
        key: newKey(),
        attempts: 0,
        notBefore: 0,
        refusal: undefined,
        current: undefined,
      });
      tell(undefined);
    },

    /** Conflict, "Keep mine": the admin's change sent again on the server's current version. */
    async keepMine(seq: number): Promise<void> {
      await db.transaction("rw", db.entries, async () => {
        const entry = await db.entries.get(seq);
        if (!entry?.current || !("baseVersion" in entry.change)) return;
        const change = { ...entry.change, baseVersion: entry.current.version };
        await db.entries.update(seq, {
          change,
          state: "waiting",
          key: newKey(),
          attempts: 0,
          notBefore: 0,
          current: undefined,
        });
      });
      tell(undefined);
    },

    /** Conflict, "Keep theirs": the admin's change dropped, and the server's row shown in its place. */
    async keepTheirs(seq: number): Promise<void> {
      await db.transaction("rw", db.entries, db.loads, async () => {
        const entry = await db.entries.get(seq);
        if (!entry?.current) return;
        await db.entries.delete(seq);
        const kind = entry.change.kind.startsWith("category") ? "category.update" : "product.update";
        await patchLoads(db, { ...entry.change, kind } as OutboxChange, entry.current);
      });
      tell(undefined);
    },

    /**
     * A photo taken out of the product form, or left in a form closed without saving: its upload
     * is dropped unless it is on its way now or a product change on the device lists it (a saved
     * form's change keeps it). An earlier try may have reached the server; the server deletes a
     * photo no product names after a week (ADR 0089). Resolves with whether it was dropped.
     */
    async withdrawPhoto(src: string): Promise<boolean> {
      const dropped = await db.transaction("rw", db.entries, async () => {
        const entries = await db.entries.toArray();
        // The same photo chosen twice is queued twice: every waiting copy goes.
        const uploads = entries.filter(
          (e) =>
            e.change.kind === "photo.upload" &&
            e.change.src === src &&
            e.owner === currentOwner() &&
            e.state !== "sending",
        );
        const listed = entries.some(
          ({ change }) =>
            (change.kind === "product.create" || change.kind === "product.update") &&
            [change.input.images ?? []].flat().includes(src),
        );
        if (uploads.length === 0 || listed) return false;
        await db.entries.bulkDelete(uploads.map((e) => e.seq as number));
        return true;
      });
      return tell(dropped);
    },

    /**
     * Drops a change (Discard), with every later change that needs a row it was to create: they
     * could never be sent. A dropped photo leaves the later product changes that listed it.
     * Resolves with what was dropped.
     */
    async discard(seq: number): Promise<OutboxEntry[]> {
      const dropped = await db.transaction("rw", db.entries, async () => {
        const entries = await db.entries.toArray();
        const index = entries.findIndex((entry) => entry.seq === seq);
        const first = entries[index];
        if (!first) return [];
        if (first.change.kind === "photo.upload") {
          const { src } = first.change;
          for (const later of entries.slice(index + 1)) {
            const { change } = later;
            if (change.kind !== "product.create" && change.kind !== "product.update") continue;
            const images = [change.input.images ?? []].flat();
            if (!images.includes(src)) continue;
            const input = { ...change.input, images: images.filter((image) => image !== src) };
            await db.entries.update(later.seq as number, { change: { ...change, input } });
          }
        }
        const created = first.change.kind.endsWith("create") ? rowsOf(first.change)[0] : undefined;
        const drop = [first, ...entries.slice(index + 1).filter((e) => created && rowsOf(e.change).includes(created))];
        await db.entries.bulkDelete(drop.map((entry) => entry.seq as number));
        return drop;
      });
      return tell(dropped);
    },
  };
}

export type OutboxQueue = ReturnType<typeof createOutboxQueue>;
