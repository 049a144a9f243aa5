import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import type { ProductInput } from "../../../../worker/contract/admin.ts";
import { AdminDatabase, applyOutbox, type OutboxEntry, outboxFormat } from "../../../lib/admin-outbox.ts";
import { createOutboxQueue } from "./outbox-queue.ts";
import { createReplayer, rebaseOrder, type SendResult } from "./outbox-replayer.ts";

// The outbox's rules one at a time, over Dexie on fake-indexeddb (a fresh device per test).
// tests/api/admin-outbox.model.test.ts runs them together against the real server, under faults.

const input = (name: string, category_id = 1): ProductInput => ({
  name,
  short_description: "kısa",
  category_id,
  etsy_link: "https://www.etsy.com/listing/1",
});

function device(owner = "admin-1") {
  const db = new AdminDatabase({ indexedDB: new IDBFactory(), IDBKeyRange });
  let keys = 0;
  const queue = createOutboxQueue({
    db,
    owner: () => owner,
    now: () => 1,
    newKey: () => `k${++keys}`,
    changed: () => {},
  });
  const sent: OutboxEntry[] = [];
  const replayer = (answer: (entry: OutboxEntry) => SendResult, me = owner) =>
    createReplayer({
      db,
      owner: () => me,
      send: async (entry) => {
        sent.push(entry);
        return answer(entry);
      },
      now: () => 1,
      random: () => 0.5,
      newKey: () => `k${++keys}`,
      exclusive: (drain) => drain(),
    });
  return { db, queue, replayer, sent };
}

describe("the outbox queue", () => {
  it("folds edits into a change not yet sent, keeping its key and the version it was based on", async () => {
    const { db, queue } = device();
    const first = await queue.queue({ kind: "product.update", id: 7, baseVersion: 3, input: input("A") });
    await queue.queue({ kind: "product.update", id: 7, baseVersion: 4, input: input("B") });
    expect(await db.entries.toArray()).toEqual([
      expect.objectContaining({
        key: first.key,
        change: expect.objectContaining({ baseVersion: 3, input: input("B") }),
      }),
    ]);
  });

  it("never rewrites a change that may have reached the server", async () => {
    const { db, queue } = device();
    const first = await queue.queue({ kind: "product.update", id: 7, baseVersion: 3, input: input("A") });
    await db.entries.update(first.seq as number, { attempts: 1 });
    await queue.queue({ kind: "product.update", id: 7, baseVersion: 3, input: input("B") });
    expect((await db.entries.toArray()).map((entry) => entry.change)).toEqual([
      expect.objectContaining({ input: input("A") }),
      expect.objectContaining({ input: input("B") }),
    ]);
  });

  it("a row made and deleted before it was sent leaves nothing to send; its temporary id is negative", async () => {
    const { db, queue } = device();
    const created = await queue.queue({ kind: "product.create", input: input("Yeni") });
    expect(created.change).toMatchObject({ tempId: -(created.seq as number) });
    await queue.queue({ kind: "product.delete", id: -(created.seq as number), baseVersion: 0, name: "Yeni" });
    expect(await db.entries.count()).toBe(0);
  });

  it("discarding a category made here drops the later changes that need it", async () => {
    const { db, queue } = device();
    const category = await queue.queue({ kind: "category.create", input: { name: "Raf" } });
    await queue.queue({ kind: "product.create", input: input("İçinde", -(category.seq as number)) });
    await queue.queue({ kind: "product.update", id: 3, baseVersion: 1, input: input("Başka") });
    const dropped = await queue.discard(category.seq as number);
    expect(dropped.map((entry) => entry.change.kind)).toEqual(["category.create", "product.create"]);
    expect((await db.entries.toArray()).map((entry) => entry.change.kind)).toEqual(["product.update"]);
  });
});

describe("the outbox replay", () => {
  it("gives later changes the server's id and version, and records each answer once", async () => {
    const { db, queue, replayer, sent } = device();
    const category = await queue.queue({ kind: "category.create", input: { name: "Raf" } });
    const product = await queue.queue({ kind: "product.create", input: input("İçinde", -(category.seq as number)) });
    await queue.queue({
      kind: "product.update",
      id: -(product.seq as number),
      baseVersion: 0,
      input: input("İçinde 2", -(category.seq as number)),
    });
    // Sent since: the update above was folded into the create.
    expect(await db.entries.count()).toBe(2);
    const answers: Record<string, SendResult> = {
      "category.create": { status: 201, body: { id: 40, version: 1, name: "Raf" } },
      "product.create": { status: 201, body: { id: 90, version: 1, name: "İçinde 2" } },
    };
    await replayer((entry) => answers[entry.change.kind] as SendResult).drain();
    expect(sent.map((entry) => entry.change)).toEqual([
      expect.objectContaining({ kind: "category.create" }),
      expect.objectContaining({ kind: "product.create", input: input("İçinde 2", 40) }),
    ]);
    expect(await db.entries.count()).toBe(0);
  });

  it("keeps what got no answer, 5xx or 429 for later with the same key; a 401 pauses it", async () => {
    for (const answer of [
      { status: "no-answer" },
      { status: 503, body: {} },
      { status: 429, body: {} },
    ] as SendResult[]) {
      const { db, queue, replayer } = device();
      const entry = await queue.queue({ kind: "product.update", id: 7, baseVersion: 3, input: input("A") });
      expect((await replayer(() => answer).drain())?.outcome).toBe("retrying");
      expect(await db.entries.get(entry.seq as number)).toMatchObject({
        key: entry.key,
        attempts: 1,
        state: "waiting",
      });
    }
    const { db, queue, replayer } = device();
    await queue.queue({ kind: "product.update", id: 7, baseVersion: 3, input: input("A") });
    expect((await replayer(() => ({ status: 401, body: {} })).drain())?.outcome).toBe("signed-out");
    expect(await db.entries.count()).toBe(1);
  });

  it("when the network is back, what waited out a back-off is sent at once", async () => {
    const { db, queue, replayer, sent } = device();
    await queue.queue({ kind: "product.update", id: 7, baseVersion: 3, input: input("A") });
    await replayer(() => ({ status: "no-answer" })).drain();
    expect((await db.entries.toArray())[0]?.notBefore).toBeGreaterThan(1);
    await queue.sendNow();
    await replayer(() => ({ status: 200, body: {} })).drain();
    expect(sent).toHaveLength(2);
    expect(await db.entries.count()).toBe(0);
  });

  it("a refusal is kept with the server's words, and what needs the same row waits behind it", async () => {
    const { db, queue, replayer, sent } = device();
    await queue.queue({ kind: "category.delete", id: 4, baseVersion: 1, name: "Raf" });
    await db.entries.toCollection().modify({ attempts: 1 }); // so the next change is not folded into it
    await queue.queue({ kind: "category.update", id: 4, baseVersion: 1, input: { name: "Raf 2" } });
    await queue.queue({ kind: "product.update", id: 7, baseVersion: 3, input: input("A", 9) });
    const refusal = {
      status: 409,
      body: { detail: "This category still has 2 products.", code: "category_not_empty" },
    };
    await replayer((entry) => (entry.change.kind === "category.delete" ? refusal : { status: 200, body: {} })).drain();
    expect(sent.map((entry) => entry.change.kind)).toEqual(["category.delete", "product.update"]);
    expect(
      (await db.entries.toArray()).map((entry) => [entry.change.kind, entry.state, entry.refusal?.detail]),
    ).toEqual([
      ["category.delete", "rejected", "This category still has 2 products."],
      ["category.update", "waiting", undefined],
    ]);
  });

  it("a 412 is a conflict holding the server's row; a 404 to a delete counts as done", async () => {
    const { db, queue, replayer } = device();
    await queue.queue({ kind: "product.update", id: 7, baseVersion: 3, input: input("Mine") });
    await queue.queue({ kind: "product.delete", id: 8, baseVersion: 1, name: "Gone" });
    const current = { id: 7, version: 5, name: "Theirs" };
    await replayer((entry) =>
      entry.change.kind === "product.update" ? { status: 412, body: { current } } : { status: 404, body: {} },
    ).drain();
    expect(await db.entries.toArray()).toEqual([expect.objectContaining({ state: "conflict", current })]);
  });

  it("leaves an entry of a newer release's format to the tab that knows it", async () => {
    const { db, queue, replayer, sent } = device();
    const entry = await queue.queue({ kind: "product.update", id: 7, baseVersion: 3, input: input("A") });
    await db.entries.update(entry.seq as number, { format: outboxFormat + 1 });
    await replayer(() => ({ status: 200, body: {} })).drain();
    expect(sent).toEqual([]);
  });

  it("sends an entry queued by an older release", async () => {
    const { db, queue, replayer, sent } = device();
    const entry = await queue.queue({ kind: "product.update", id: 7, baseVersion: 3, input: input("A") });
    await db.entries.update(entry.seq as number, { format: 1 });
    await replayer(() => ({ status: 200, body: {} })).drain();
    expect(sent.map((one) => one.key)).toEqual([entry.key]);
  });

  it("never sends another account's changes", async () => {
    const { queue, replayer, sent } = device("admin-1");
    await queue.queue({ kind: "product.update", id: 7, baseVersion: 3, input: input("A") });
    await replayer(() => ({ status: 200, body: {} }), "admin-2").drain();
    expect(sent).toEqual([]);
  });
});

describe("photos in the outbox (ADR 0093)", () => {
  const photo = (hash: string) => ({
    kind: "photo.upload" as const,
    src: `/images/${hash.repeat(64)}-960.webp`,
    name: `${hash}.jpg`,
    variants: [{ width: 480, blob: new Blob(["small"], { type: "image/webp" }) }],
  });
  const withImages = (name: string, images: string[]) => ({ ...input(name), images });

  it("keeps a photo's bytes on the device and sends it before the product change that lists it", async () => {
    const { db, queue, replayer, sent } = device();
    const a = photo("a");
    await queue.queue(a);
    await queue.queue({ kind: "product.create", input: withImages("Lavanta", ["https://x.test/1.jpg", a.src]) });
    const [kept] = await db.entries.toArray();
    expect(kept?.change.kind === "photo.upload" && (await kept.change.variants[0]?.blob.text())).toBe("small");
    await replayer(() => ({ status: 201, body: { id: 5, version: 1 } })).drain();
    expect(sent.map((entry) => entry.change.kind)).toEqual(["photo.upload", "product.create"]);
    expect(await db.entries.count()).toBe(0);
  });

  it("holds the product changes that list a refused photo, and only those", async () => {
    const { db, queue, replayer, sent } = device();
    const a = photo("a");
    await queue.queue(a);
    await queue.queue({ kind: "product.update", id: 7, baseVersion: 3, input: withImages("A", [a.src]) });
    await queue.queue({ kind: "product.update", id: 8, baseVersion: 1, input: input("B", 2) });
    await replayer((entry) =>
      entry.change.kind === "photo.upload"
        ? { status: 400, body: { detail: "Variant 1 is not an image.", code: "photo_not_an_image" } }
        : { status: 200, body: { id: 8, version: 2 } },
    ).drain();
    expect(sent.map((entry) => (entry.change.kind === "product.update" ? entry.change.id : entry.change.kind))).toEqual(
      ["photo.upload", 8],
    );
    expect((await db.entries.toArray()).map((entry) => entry.state)).toEqual(["rejected", "waiting"]);
  });

  it("takes a discarded photo out of the product changes queued after it", async () => {
    const { db, queue } = device();
    const a = photo("a");
    const queued = await queue.queue(a);
    await queue.queue({
      kind: "product.update",
      id: 7,
      baseVersion: 3,
      input: withImages("A", ["https://x.test/1.jpg", a.src]),
    });
    await queue.discard(queued.seq as number);
    const [left] = await db.entries.toArray();
    expect(left?.change).toEqual(expect.objectContaining({ input: withImages("A", ["https://x.test/1.jpg"]) }));
  });

  it("does not fold a product change into one queued before a photo it lists", async () => {
    const { db, queue, replayer, sent } = device();
    await queue.queue({ kind: "product.update", id: 7, baseVersion: 3, input: input("A") });
    const a = photo("a");
    await queue.queue(a);
    await queue.queue({ kind: "product.update", id: 7, baseVersion: 3, input: withImages("A", [a.src]) });
    expect((await db.entries.toArray()).map((entry) => entry.change.kind)).toEqual([
      "product.update",
      "photo.upload",
      "product.update",
    ]);
    await replayer(() => ({ status: 200, body: { id: 7, version: 4 } })).drain();
    expect(sent.map((entry) => entry.change.kind)).toEqual(["product.update", "photo.upload", "product.update"]);
    // The second edit went on the version the first one made.
    expect(sent[2]?.change).toEqual(expect.objectContaining({ baseVersion: 4 }));
  });

  it("drops the upload of a photo taken out of its form while no product change lists it", async () => {
    const { db, queue } = device();
    const [a, b, c] = [photo("a"), photo("b"), photo("c")];
    // a chosen twice; b listed by a saved form's change; c tried once offline, waiting to go again.
    for (const one of [a, a, b, c]) await queue.queue(one);
    await queue.queue({ kind: "product.update", id: 7, baseVersion: 3, input: withImages("A", [b.src]) });
    const [, , , triedOnce] = await db.entries.toArray();
    await db.entries.update(triedOnce?.seq as number, { attempts: 1, notBefore: 5 });

    expect(await queue.withdrawPhoto(a.src)).toBe(true);
    expect(await queue.withdrawPhoto(b.src)).toBe(false);
    expect(await queue.withdrawPhoto(c.src)).toBe(true);
    expect(await queue.withdrawPhoto(photo("d").src)).toBe(false);
    expect((await db.entries.toArray()).map(({ change }) => ("src" in change ? change.src : change.kind))).toEqual([
      b.src,
      "product.update",
    ]);
  });

  it("leaves another administrator's photo, and a photo on its way, to the outbox", async () => {
    const mine = device("admin-1");
    const a = photo("a");
    await mine.queue.queue(a);
    const [queued] = await mine.db.entries.toArray();
    await mine.db.entries.update(queued?.seq as number, { state: "sending" });
    expect(await mine.queue.withdrawPhoto(a.src)).toBe(false);
    await mine.db.entries.update(queued?.seq as number, { state: "waiting", owner: "admin-2" });
    expect(await mine.queue.withdrawPhoto(a.src)).toBe(false);
    expect(await mine.db.entries.count()).toBe(1);
  });

  it("changes no row on the device's lists by itself", () => {
    const entry = { change: photo("a") } as OutboxEntry;
    expect(applyOutbox([], [], [entry])).toEqual({ products: [], categories: [] });
  });
});

describe("a reorder rebased on the server's order", () => {
  it("keeps the admin's order of what still exists and puts what they never saw where the server has it", () => {
    // Saw 1 2 3 4, chose 4 1 2 3; meanwhile 2 was deleted and 5 added after 3.
    expect(rebaseOrder([4, 1, 2, 3], [1, 2, 3, 4], [1, 3, 5, 4])).toEqual([4, 1, 3, 5]);
    // A product new to the admin at the top stays at the top.
    expect(rebaseOrder([2, 1], [1, 2], [9, 1, 2])).toEqual([9, 2, 1]);
  });

  it("puts a product added since at the default sort_order first, as the device shows it, wherever the server's names put it", () => {
    // Chose 3 6 1; the server still has 6 at sort_order 0 beside the new 7, and "Ürün" sorts
    // before "Yeni" in Turkish, so the server lists 6 7 1 3. The device showed 7 above the order.
    expect(rebaseOrder([3, 6, 1], [6, 1, 3], [6, 7, 1, 3], new Set([6, 7]))).toEqual([7, 3, 6, 1]);
    expect(rebaseOrder([3, 6, 1], [6, 1, 3], [6, 7, 1, 3])).toEqual([3, 6, 7, 1]);
    // Two of them keep the server's order between them.
    expect(rebaseOrder([2, 1], [1, 2], [1, 8, 2, 9], new Set([8, 9]))).toEqual([8, 9, 2, 1]);
  });
});
