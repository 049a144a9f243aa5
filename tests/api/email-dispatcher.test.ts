import { setTimeout as sleep } from "node:timers/promises";
import { createClient } from "@libsql/client";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "../../worker/db/client.ts";
import { emailOutbox, users } from "../../worker/db/schema.ts";
import { claimTtlMs, type DispatchDeps, dispatchOutbox, retryDelayMs } from "../../worker/email/dispatcher.ts";
import type { Mailer, OutgoingEmail } from "../../worker/email/mailer.ts";
import { enqueueEmail } from "../../worker/email/outbox.ts";
import type { Logger } from "../../worker/lib/logger.ts";
import { createTestClock, createTestDatabase } from "../support/test-app.ts";

// The outbox dispatcher on a real libSQL file (docs/architecture.md §5, ADR 0013): claims before sending,
// retries with back-off on the test clock, gives up after MAIL_MAX_ATTEMPTS and keeps the row.

const { db, url } = await createTestDatabase();
const from = "Doğal Yaşam <no-reply@dogalyasam.test>";

/** A logger that keeps its lines, so a test can see what an operator would. */
function recordingLogger() {
  const lines: { level: string; msg: string; fields?: object }[] = [];
  const at = (level: string) => (msg: string, fields?: object) =>
    lines.push({ level, msg, ...(fields ? { fields } : {}) });
  return { lines, logger: { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") } as Logger };
}

/** A transport that fails the first `failures` tries of every message, then accepts. */
function flakyMailer(failures: number) {
  const tries: OutgoingEmail[] = [];
  const accepted: OutgoingEmail[] = [];
  return {
    tries,
    accepted,
    transport: "flaky",
    async send(message: OutgoingEmail) {
      tries.push(message);
      if (tries.filter((t) => t.key === message.key).length <= failures) {
        throw new Error(`421 4.7.0 Try again later (try ${tries.length})`);
      }
      accepted.push(message);
    },
  } satisfies Mailer & Record<string, unknown>;
}

/** A transport that takes a while per message, so passes started together overlap. */
function slowMailer(ms: number) {
  const accepted: OutgoingEmail[] = [];
  return {
    accepted,
    transport: "slow",
    async send(message: OutgoingEmail) {
      await sleep(ms);
      accepted.push(message);
    },
  } satisfies Mailer & Record<string, unknown>;
}

/** A pass that dies while sending: the send never settles, as when a process is killed mid-send. */
const hangingMailer: Mailer = { transport: "hanging", send: () => new Promise<void>(() => {}) };

let clock: ReturnType<typeof createTestClock>;
beforeEach(async () => {
  clock = createTestClock();
  await db.delete(emailOutbox);
});

const deps = (mailer: Mailer, overrides: Partial<DispatchDeps> = {}): DispatchDeps => ({
  db,
  mailer,
  clock,
  logger: recordingLogger().logger,
  from,
  maxAttempts: 8,
  ...overrides,
});

async function enqueue(database: Database, n: number, fields: { sendAfter?: Date; to?: string } = {}) {
  for (let i = 0; i < n; i++) {
    await enqueueEmail(database, {
      kind: "verify_email",
      to: fields.to ?? `uye${i}@example.com`,
      content: { subject: `Hoş geldiniz ${i}`, text: `Metin ${i}`, html: `<p>Metin ${i}</p>` },
      // The test clock's now, not the database's (the test clock runs in the past).
      sendAfter: fields.sendAfter ?? clock.now(),
    });
  }
}

const rows = () => db.select().from(emailOutbox).orderBy(asc(emailOutbox.id));

describe("the e-mail dispatcher", () => {
  it("sends what is due, marks it sent, and leaves what is not due yet", async () => {
    await enqueue(db, 1);
    await enqueue(db, 1, { sendAfter: new Date(clock.now().getTime() + 60 * 60_000), to: "later@example.com" });
    const mailer = flakyMailer(0);

    expect(await dispatchOutbox(deps(mailer))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(mailer.accepted).toEqual([
      expect.objectContaining({ to: "uye0@example.com", from, subject: "Hoş geldiniz 0", html: "<p>Metin 0</p>" }),
    ]);
    const [sent, later] = await rows();
    expect(sent).toMatchObject({ sentAt: clock.now(), attempts: 1, claimId: null, claimedUntil: null, failedAt: null });
    expect(later).toMatchObject({ sentAt: null, attempts: 0 });

    clock.advance(60 * 60_000);
    expect(await dispatchOutbox(deps(mailer))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(mailer.accepted.map((m) => m.to)).toEqual(["uye0@example.com", "later@example.com"]);
  });

  it("waits 1, 3, 9, 27, 81 minutes, about 4 hours, then 12 hours at most between tries", () => {
    const minutes = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelayMs(n) / 60_000);
    expect(minutes).toEqual([1, 3, 9, 27, 81, 243, 720, 720]);
  });

  it("retries a failing transport with back-off, and loses nothing", async () => {
    await enqueue(db, 1);
    const mailer = flakyMailer(3);
    const started = clock.now().getTime();

    for (const [attempt, wait] of [
      [1, 1],
      [2, 3],
      [3, 9],
    ] as const) {
      expect(await dispatchOutbox(deps(mailer))).toEqual({ sent: 0, retrying: 1, failed: 0 });
      const [row] = await rows();
      expect(row).toMatchObject({ attempts: attempt, sentAt: null, failedAt: null, claimId: null });
      expect(row?.lastError).toBe(`421 4.7.0 Try again later (try ${attempt})`);
      expect(row?.sendAfter.getTime()).toBe(clock.now().getTime() + wait * 60_000);
      // Not a moment before the back-off is over.
      clock.advance(wait * 60_000 - 1);
      expect(await dispatchOutbox(deps(mailer))).toEqual({ sent: 0, retrying: 0, failed: 0 });
      clock.advance(1);
    }
    expect(await dispatchOutbox(deps(mailer))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const [row] = await rows();
    expect(row).toMatchObject({ attempts: 4, failedAt: null });
    expect(row?.sentAt?.getTime()).toBe(started + 13 * 60_000);
    // Every try carried the same message and the same key (the provider's idempotency key).
    expect(new Set(mailer.tries.map((t) => JSON.stringify(t))).size).toBe(1);
    expect(mailer.accepted).toHaveLength(1);
  });

  it("after MAIL_MAX_ATTEMPTS tries fails the row for good, keeps it, and tries no more", async () => {
    await enqueue(db, 1);
    const mailer = flakyMailer(Number.POSITIVE_INFINITY);
    const { lines, logger } = recordingLogger();
    const settings = deps(mailer, { maxAttempts: 3, logger });

    expect(await dispatchOutbox(settings)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    clock.advance(retryDelayMs(1));
    expect(await dispatchOutbox(settings)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    clock.advance(retryDelayMs(2));
    expect(await dispatchOutbox(settings)).toEqual({ sent: 0, retrying: 0, failed: 1 });

    const [row] = await rows();
    expect(row).toMatchObject({ attempts: 3, sentAt: null, failedAt: clock.now(), claimId: null });
    expect(row?.lastError).toBe("421 4.7.0 Try again later (try 3)");
    expect(lines.filter((l) => l.level === "error").map((l) => l.msg)).toEqual([
      "email failed for good: no tries left, kept in the outbox",
    ]);

    clock.advance(7 * 24 * 60 * 60_000);
    expect(await dispatchOutbox(settings)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(mailer.tries).toHaveLength(3);
    expect(await rows()).toHaveLength(1);
  });

  it("sends each message exactly once when two passes run at once on two connections", async () => {
    // A second client on the same database file: another process, isolate or the CLI.
    const other = createClient({ url });
    afterAll(() => other.close());
    const otherDb = createDatabase(other);
    await enqueue(db, 40);
    const mailer = slowMailer(5);

    const [first, second] = await Promise.all([
      dispatchOutbox(deps(mailer)),
      dispatchOutbox(deps(mailer, { db: otherDb })),
    ]);

    // Both passes sent some (they overlapped), and together each message once.
    expect(first.sent).toBeGreaterThan(0);
    expect(second.sent).toBeGreaterThan(0);
    expect(first.sent + second.sent).toBe(40);
    const keys = mailer.accepted.map((m) => m.key);
    expect(new Set(keys).size).toBe(40);
    expect(keys).toHaveLength(40);
    const after = await rows();
    expect(after.every((r) => r.sentAt !== null && r.attempts === 1 && r.claimId === null)).toBe(true);
  });

  it("leaves a claimed row to its pass, and picks it up again once the claim has expired", async () => {
    await enqueue(db, 1);
    // A pass that dies mid-send: its claim stays behind.
    void dispatchOutbox(deps(hangingMailer));
    await expect.poll(async () => (await rows())[0]?.claimId).not.toBeNull();
    const [claimed] = await rows();
    expect(claimed).toMatchObject({ attempts: 1, sentAt: null });
    expect(claimed?.claimedUntil?.getTime()).toBe(clock.now().getTime() + claimTtlMs);

    const mailer = flakyMailer(0);
    clock.advance(claimTtlMs - 1);
    expect(await dispatchOutbox(deps(mailer))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    clock.advance(1);
    expect(await dispatchOutbox(deps(mailer))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(mailer.accepted).toHaveLength(1);
    // The dead pass's try counts.
    expect((await rows())[0]).toMatchObject({ attempts: 2, claimId: null, claimedUntil: null });
  });

  it("fails a row whose last try never finished, instead of leaving it neither due nor failed", async () => {
    await enqueue(db, 1);
    void dispatchOutbox(deps(hangingMailer, { maxAttempts: 1 }));
    await expect.poll(async () => (await rows())[0]?.attempts).toBe(1);

    clock.advance(claimTtlMs);
    const mailer = flakyMailer(0);
    const { lines, logger } = recordingLogger();
    expect(await dispatchOutbox(deps(mailer, { maxAttempts: 1, logger }))).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(mailer.tries).toHaveLength(0);
    expect((await rows())[0]).toMatchObject({
      sentAt: null,
      failedAt: clock.now(),
      claimId: null,
      lastError: "the last try did not finish: its dispatcher pass stopped",
    });
    expect(
      lines.some((l) => l.level === "error" && l.msg === "email failed for good: its last try never finished"),
    ).toBe(true);
  });

  it("keeps a member's e-mails when the member is deleted, without the link to them", async () => {
    const userId = crypto.randomUUID();
    await db
      .insert(users)
      .values({ id: userId, email: "silinen@example.com", firstName: "Ada", lastName: "Y", passwordHash: "x" });
    await enqueueEmail(db, {
      kind: "temperament_result",
      to: "silinen@example.com",
      userId,
      content: { subject: "Sonuç", text: "t", html: "<p>t</p>" },
    });
    expect((await rows())[0]?.userId).toBe(userId);
    await db.delete(users).where(eq(users.id, userId));
    expect(await rows()).toEqual([expect.objectContaining({ to: "silinen@example.com", userId: null })]);
  });
});
