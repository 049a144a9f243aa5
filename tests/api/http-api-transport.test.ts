import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox } from "../../worker/db/schema.ts";
import { dispatchOutbox } from "../../worker/email/dispatcher.ts";
import { enqueueEmail } from "../../worker/email/outbox.ts";
import { createHttpApiMailer } from "../../worker/email/transports/http-api.ts";
import { createLogger } from "../../worker/lib/logger.ts";
import { type StubRequest, startEmailApiStub } from "../support/email-api-stub.ts";
import { createTestClock, createTestDatabase } from "../support/test-app.ts";

// The http-api transport (Resend's format) against a stub of the provider on loopback: what it
// sends, and how a refusal ends up on the outbox row.

const stub = await startEmailApiStub();
afterAll(() => stub.close());
const { origin, requests: seen } = stub;

const { db } = await createTestDatabase();
const from = "Doğal Yaşam <no-reply@dogalyasam.test>";
const message = {
  key: "outbox-3-1793527200000",
  to: "elif@example.com",
  from,
  subject: "Mizaç sonucunuz · Doğal Yaşam",
  text: "Merhaba Elif,\n\nSonucunuz: Melankolik.",
  html: "<p>Merhaba <b>Elif</b>, sonucunuz: Melankolik.</p>",
};

/** `message` queued as `kind`, due at the clock's now. */
const enqueueMessage = (kind: "temperament_result" | "verify_email", clock: ReturnType<typeof createTestClock>) =>
  enqueueEmail(db, {
    kind,
    to: message.to,
    content: { subject: message.subject, text: message.text, html: message.html },
    sendAfter: clock.now(),
  });

beforeEach(async () => {
  stub.reset();
  await db.delete(emailOutbox);
});

describe("the http-api transport", () => {
  it("posts the message to {MAIL_API_URL}/emails with the key, as Resend expects", async () => {
    await createHttpApiMailer({ url: `${origin}/`, apiKey: "re_test_123" }).send(message);

    expect(seen).toHaveLength(1);
    const [request] = seen as [StubRequest];
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/emails");
    expect(request.headers.authorization).toBe("Bearer re_test_123");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["idempotency-key"]).toBe("outbox-3-1793527200000");
    expect(JSON.parse(request.body)).toEqual({
      from: "Doğal Yaşam <no-reply@dogalyasam.test>",
      to: ["elif@example.com"],
      subject: "Mizaç sonucunuz · Doğal Yaşam",
      text: "Merhaba Elif,\n\nSonucunuz: Melankolik.",
      html: "<p>Merhaba <b>Elif</b>, sonucunuz: Melankolik.</p>",
    });
  });

  it("keeps a path in MAIL_API_URL (a proxy, a regional endpoint)", async () => {
    await createHttpApiMailer({ url: `${origin}/v1`, apiKey: "k" }).send(message);
    expect(seen.map((s) => s.path)).toEqual(["/v1/emails"]);
  });

  it.each([
    [
      422,
      JSON.stringify({ statusCode: 422, name: "validation_error", message: "Invalid `to` field." }),
      "application/json",
      "The e-mail API answered 422: Invalid `to` field. (validation_error)",
    ],
    [
      401,
      JSON.stringify({
        statusCode: 401,
        name: "missing_api_key",
        message: "Missing API key in the authorization header",
      }),
      "application/json",
      "The e-mail API answered 401: Missing API key in the authorization header (missing_api_key)",
    ],
    [503, "upstream connect error", "text/plain", "The e-mail API answered 503: upstream connect error"],
  ])(
    "records a %i as a failed try with the provider's message, and retries later",
    async (status, body, type, error) => {
      const clock = createTestClock();
      await enqueueMessage("temperament_result", clock);
      stub.answer({ status, body, type });

      const result = await dispatchOutbox({
        db,
        mailer: createHttpApiMailer({ url: origin, apiKey: "re_test_123" }),
        clock,
        logger: createLogger("silent"),
        from,
        maxAttempts: 8,
      });

      expect(result).toEqual({ sent: 0, retrying: 1, failed: 0 });
      const [row] = await db.select().from(emailOutbox);
      expect(row).toMatchObject({ sentAt: null, failedAt: null, attempts: 1, lastError: error });
      expect(row?.sendAfter.getTime()).toBe(clock.now().getTime() + 60_000);
      expect(seen).toHaveLength(1);
    },
  );

  it("marks the row sent on a 2xx", async () => {
    const clock = createTestClock();
    await enqueueMessage("verify_email", clock);
    const mailer = createHttpApiMailer({ url: origin, apiKey: "re_test_123" });
    const deps = { db, mailer, clock, logger: createLogger("silent"), from, maxAttempts: 8 };
    expect(await dispatchOutbox(deps)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const [row] = await db.select().from(emailOutbox);
    expect(row?.sentAt).toEqual(clock.now());
    // The idempotency key names the row, the same on every try of it.
    expect(seen[0]?.headers["idempotency-key"]).toBe(`outbox-${row?.id}-${row?.createdAt.getTime()}`);
  });

  it("fails a try that the provider does not answer in time, or cannot be reached", async () => {
    stub.answer({ status: 200, body: "{}", delayMs: 2_000 });
    await expect(createHttpApiMailer({ url: origin, apiKey: "k", timeoutMs: 100 }).send(message)).rejects.toThrow(
      /^The e-mail API at http:\/\/127\.0\.0\.1:\d+\/emails could not be reached: .*(timeout|aborted)/i,
    );
    // A port nothing listens on (the stub's own, once closed, would race with other tests).
    const closed = createServer();
    await new Promise<void>((listening) => closed.listen(0, "127.0.0.1", () => listening()));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((done) => closed.close(() => done()));
    await expect(createHttpApiMailer({ url: `http://127.0.0.1:${port}`, apiKey: "k" }).send(message)).rejects.toThrow(
      /could not be reached: fetch failed \(.*ECONNREFUSED/,
    );
  });
});
