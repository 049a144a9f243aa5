import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { Log, LogLevel, type Miniflare } from "miniflare";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedSurveyQuestions } from "../../drizzle/seed/survey-questions.ts";
import { emailOutbox } from "../../worker/db/schema.ts";
import { enqueueEmail } from "../../worker/email/outbox.ts";
import { type HranaServer, startHranaServer } from "../dev-tools/hrana-server.ts";
import { startEmailApiStub } from "../support/email-api-stub.ts";
import { signupBody } from "../support/factories.ts";
import { createTestDatabase, startWorker, type TestDatabase, testAdmin, testSettings } from "./harness.ts";

// E-mail from the built Worker under workerd: the cron trigger's scheduled handler and the pass a
// request starts with waitUntil send due outbox rows, through Resend's HTTP API (a stub on
// loopback, so the message is seen leaving workerd) and through Cloudflare's send_email binding
// (Miniflare's local implementation).

const from = "Doğal Yaşam <no-reply@dogalyasam.test>";
let database: TestDatabase;
let hrana: HranaServer;
let stub: Awaited<ReturnType<typeof startEmailApiStub>>;
let httpApiWorker: Miniflare;
/** Errors the http-api Worker logged, for the test that expects one. */
const workerErrors: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase(testAdmin);
  hrana = await startHranaServer({ file: database.file });
  stub = await startEmailApiStub();
  httpApiWorker = await startWorker(
    {
      ...testSettings,
      // Development, so the mailbox routes exist too.
      APP_ENV: "development",
      DATABASE_URL: hrana.url,
      MAIL_TRANSPORT: "http-api",
      MAIL_API_URL: stub.origin,
      MAIL_API_KEY: "re_worker_test",
      MAIL_FROM: from,
      MAIL_MAX_ATTEMPTS: "2",
    },
    {
      onLog: (log) => {
        if (log.level === "error") workerErrors.push(log.message);
        else console.log(`workerd: ${log.message}`);
      },
    },
  );
});
afterAll(async () => {
  await httpApiWorker?.dispose();
  await stub?.close();
  await hrana?.close();
  database?.cleanup();
});
beforeEach(async () => {
  stub.reset();
  workerErrors.length = 0;
  await database.db.delete(emailOutbox);
});

const runCron = async (worker: Miniflare) => {
  const result = await (await worker.getWorker()).scheduled({ cron: "*/5 * * * *" });
  expect(result.outcome).toBe("ok");
};

async function enqueueDue(to: string, subject = "Mizaç sonucunuz · Doğal Yaşam") {
  await enqueueEmail(database.db, {
    kind: "temperament_result",
    to,
    content: { subject, text: `Merhaba,\n\nSonucunuz hazır: ${to}`, html: `<p>Sonucunuz hazır: <b>${to}</b></p>` },
  });
  const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
  if (!row) throw new Error("not enqueued");
  return row;
}

describe("the Worker's e-mail dispatcher", () => {
  it("sends a due outbox row from the cron trigger, through the HTTP API", async () => {
    const row = await enqueueDue("cron@example.com");
    await runCron(httpApiWorker);

    expect(stub.requests).toHaveLength(1);
    const [request] = stub.requests;
    expect(request).toMatchObject({ method: "POST", path: "/emails" });
    expect(request?.headers.authorization).toBe("Bearer re_worker_test");
    expect(request?.headers["idempotency-key"]).toBe(`outbox-${row.id}-${row.createdAt.getTime()}`);
    expect(JSON.parse(request?.body ?? "")).toEqual({
      from,
      to: ["cron@example.com"],
      subject: row.subject,
      text: row.text,
      html: row.html,
    });
    const [after] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, row.id));
    expect(after).toMatchObject({ attempts: 1, claimId: null, failedAt: null });
    expect(after?.sentAt).toBeInstanceOf(Date);

    // Sent once: the next cron has nothing to do.
    await runCron(httpApiWorker);
    expect(stub.requests).toHaveLength(1);
  });

  it("records the provider's refusal, retries after the back-off, and fails the row after MAIL_MAX_ATTEMPTS", async () => {
    const row = await enqueueDue("refused@example.com");
    // Moves the back-off into the past rather than waiting for it.
    const endBackOff = () =>
      database.db
        .update(emailOutbox)
        .set({ sendAfter: new Date(Date.now() - 1000) })
        .where(eq(emailOutbox.id, row.id));
    stub.answer({ status: 429, body: JSON.stringify({ name: "rate_limit_exceeded", message: "Too many requests" }) });
    const before = Date.now();
    await runCron(httpApiWorker);

    const [first] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, row.id));
    expect(first).toMatchObject({
      attempts: 1,
      sentAt: null,
      failedAt: null,
      lastError: "The e-mail API answered 429: Too many requests (rate_limit_exceeded)",
    });
    // One minute of back-off, from when the Worker saw the failure.
    expect(first?.sendAfter.getTime()).toBeGreaterThanOrEqual(before + 60_000);
    expect(first?.sendAfter.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
    // Not due yet: the next cron leaves it alone.
    await runCron(httpApiWorker);
    expect(stub.requests).toHaveLength(1);

    // The back-off is over; the second try is the last one MAIL_MAX_ATTEMPTS=2 allows.
    await endBackOff();
    await runCron(httpApiWorker);
    expect(stub.requests).toHaveLength(2);
    const [last] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, row.id));
    expect(last).toMatchObject({ attempts: 2, sentAt: null, lastError: expect.stringContaining("429") });
    expect(last?.failedAt).toBeInstanceOf(Date);
    expect(workerErrors.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual([
      "email failed for good: no tries left, kept in the outbox",
    ]);
    workerErrors.length = 0;

    await endBackOff();
    await runCron(httpApiWorker);
    expect(stub.requests).toHaveLength(2);
  });

  it("sends the e-mail a request wrote without waiting for the cron (waitUntil)", async () => {
    const body = signupBody(seedSurveyQuestions);
    const res = await httpApiWorker.dispatchFetch("http://shop.test/api/auth/signup", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "198.51.100.77" },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(202);
    await expect
      .poll(() => stub.requests.map((r) => JSON.parse(r.body) as { to: string[]; subject: string }), {
        timeout: 10_000,
      })
      .toEqual([expect.objectContaining({ to: [body.email], subject: expect.stringContaining("Confirm") })]);
  });

  it("serves the development mailbox through the Worker when APP_ENV=development", async () => {
    await enqueueDue("mailbox@example.com", "Kutudaki <b>mesaj</b>");
    const api = await httpApiWorker.dispatchFetch("http://shop.test/api/dev/mailbox");
    expect(api.status).toBe(200);
    expect(await api.json()).toEqual([
      expect.objectContaining({ to: "mailbox@example.com", subject: "Kutudaki <b>mesaj</b>", sent_at: null }),
    ]);
    const page = await httpApiWorker.dispatchFetch("http://shop.test/dev/mailbox");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await page.text()).toContain("Kutudaki &#60;b&#62;mesaj&#60;/b&#62;");
  });
});

/** Miniflare's log, kept: its send_email binding logs where it wrote each message. */
class KeptLog extends Log {
  readonly lines: string[] = [];
  constructor() {
    super(LogLevel.INFO);
  }
  protected override log(message: string): void {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing the ANSI colour codes
    this.lines.push(message.replace(/\u001b\[\d+m/g, ""));
  }
}

describe("the cloudflare transport (send_email binding)", () => {
  let worker: Miniflare;
  const log = new KeptLog();

  beforeAll(async () => {
    worker = await startWorker(
      {
        ...testSettings,
        DATABASE_URL: hrana.url,
        MAIL_TRANSPORT: "cloudflare",
        MAIL_FROM: from,
      },
      {
        miniflare: {
          // As a binding restricted to some recipients would; the shop's own has no such list.
          email: { send_email: [{ name: "EMAIL", allowed_destination_addresses: ["izinli@example.com"] }] },
          log,
        },
      },
    );
  });
  afterAll(() => worker?.dispose());

  it("hands the message to the binding: sender, recipient, subject, text and HTML", async () => {
    const row = await enqueueDue("izinli@example.com", "Mizaç sonucunuz: Ağırbaşlı ve çalışkan");
    await runCron(worker);

    const [after] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, row.id));
    expect(after?.sentAt).toBeInstanceOf(Date);
    const isEntry = (line: string) => line.includes("send_email binding called");
    // The binding writes its files after answering: wait for its log line.
    await expect.poll(() => log.lines.some(isEntry), { timeout: 10_000 }).toBe(true);
    const entry = log.lines.find(isEntry) ?? "";
    expect(entry).toContain("From: ");
    expect(entry).toContain("Doğal Yaşam");
    expect(entry).toContain("<no-reply@dogalyasam.test>");
    expect(entry).toContain("To: izinli@example.com");
    expect(entry).toContain("Subject: Mizaç sonucunuz: Ağırbaşlı ve çalışkan");
    const file = (part: "Text" | "HTML") => new RegExp(`^${part}: (.+)$`, "m").exec(entry)?.[1]?.trim() ?? "";
    expect(readFileSync(file("Text"), "utf8")).toBe(row.text);
    expect(readFileSync(file("HTML"), "utf8")).toBe(row.html);
  });

  it("records the binding's refusal as a failed try", async () => {
    const row = await enqueueDue("baska@example.com");
    await runCron(worker);
    const [after] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, row.id));
    expect(after).toMatchObject({ sentAt: null, attempts: 1, failedAt: null });
    expect(after?.lastError).toContain("email to baska@example.com not allowed");
  });
});
