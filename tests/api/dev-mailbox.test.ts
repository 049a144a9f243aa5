import { describe, expect, it } from "vitest";
import { dispatchOutbox } from "../../worker/email/dispatcher.ts";
import type { Mailer } from "../../worker/email/mailer.ts";
import { enqueueEmail, type QueuedEmail } from "../../worker/email/outbox.ts";
import { devMailboxMailer } from "../../worker/email/transports/dev-mailbox.ts";
import { createLogger } from "../../worker/lib/logger.ts";
import { createTestApp } from "../support/test-app.ts";

// The development mailbox (docs/architecture.md §5): the outbox as JSON and as a page, in development only.

describe("in development", async () => {
  const { app, db, clock } = await createTestApp({ APP_ENV: "development" });

  /** Queues `message` due now and runs the dispatcher once over the outbox with `mailer`. */
  const dispatchOneMessage = async (
    message: Omit<QueuedEmail, "sendAfter">,
    { mailer, maxAttempts }: { mailer: Mailer; maxAttempts: number },
  ) => {
    await enqueueEmail(db, { ...message, sendAfter: clock.now() });
    return dispatchOutbox({
      db,
      clock,
      logger: createLogger("silent"),
      from: "Doğal Yaşam <a@b.test>",
      maxAttempts,
      mailer,
    });
  };
  const newestMessage = async () =>
    ((await (await app.request("/api/dev/mailbox")).json()) as Record<string, unknown>[])[0];
  const mailboxPage = async () => (await app.request("/dev/mailbox")).text();

  it("lists the messages newest first, with what a developer needs to read them", async () => {
    await enqueueEmail(db, {
      kind: "verify_email",
      to: "a@example.com",
      content: { subject: "First", text: "one", html: "<p>one</p>" },
    });
    clock.advance(1000);
    await enqueueEmail(db, {
      kind: "temperament_result",
      to: "b@example.com",
      content: { subject: "Second", text: "two", html: "<p>two</p>" },
    });
    const res = await app.request("/api/dev/mailbox");
    expect(res.status).toBe(200);
    const messages = (await res.json()) as Record<string, unknown>[];
    expect(messages.map((m) => m.subject)).toEqual(["Second", "First"]);
    expect(messages[0]).toMatchObject({
      to: "b@example.com",
      subject: "Second",
      text: "two",
      html: "<p>two</p>",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it("shows a hostile message only as text, its HTML inside a sandboxed frame without scripts", async () => {
    await enqueueEmail(db, {
      kind: "verify_email",
      to: "x@example.com",
      content: {
        subject: '<img src=x onerror="alert(1)">',
        text: "</pre><script>alert(2)</script>",
        html: '<script>alert(3)</script>"><b>hi</b>',
      },
    });
    const res = await app.request("/dev/mailbox");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const page = await res.text();
    expect(page).not.toContain("<script>");
    expect(page).not.toContain("<img src=x");
    expect(page).toContain("&#60;img src=x onerror=&#34;alert(1)&#34;&#62;");
    const frame = /<iframe sandbox="([^"]*)"[^>]*srcdoc="([^"]*)"/.exec(page);
    expect(frame?.[1]).not.toContain("allow-scripts");
    expect(frame?.[2]).toContain("&#60;script&#62;alert(3)");
    expect(res.headers.get("Content-Security-Policy")).toContain("script-src 'self'");
  });
  it("is where the dev-mailbox transport delivers: the message stays readable, marked delivered", async () => {
    const sent = await dispatchOneMessage(
      {
        kind: "temperament_result",
        to: "mizac@example.com",
        content: { subject: "Mizaç sonucunuz", text: "Melankolik", html: "<p>Melankolik</p>" },
      },
      { mailer: devMailboxMailer, maxAttempts: 8 },
    );
    expect(sent).toMatchObject({ sent: 1 });

    expect(await newestMessage()).toMatchObject({
      to: "mizac@example.com",
      subject: "Mizaç sonucunuz",
      text: "Melankolik",
      html: "<p>Melankolik</p>",
      kind: "temperament_result",
      sent_at: clock.now().toISOString(),
      failed_at: null,
      attempts: 1,
    });
    expect(await mailboxPage()).toContain(`delivered ${clock.now().toISOString()}`);
  });

  it("shows a message the dispatcher gave up on, with its last error", async () => {
    const refusing = {
      transport: "refusing",
      send: async () => {
        throw new Error("550 5.1.1 <yok@example.com>: no such user");
      },
    };
    const failed = await dispatchOneMessage(
      { kind: "verify_email", to: "yok@example.com", content: { subject: "Doğrulama", text: "t", html: "<p>t</p>" } },
      { mailer: refusing, maxAttempts: 1 },
    );
    expect(failed).toMatchObject({ failed: 1 });

    expect(await newestMessage()).toMatchObject({ sent_at: null, failed_at: clock.now().toISOString(), attempts: 1 });
    expect(await mailboxPage()).toContain(
      "after 1 try (last error: 550 5.1.1 &#60;yok@example.com&#62;: no such user)",
    );
  });
});

describe.each(["production", "test"] as const)("with APP_ENV=%s", async (env) => {
  const { app } = await createTestApp({ APP_ENV: env, PUBLIC_URL: "https://shop.example" });

  it("does not exist", async () => {
    const api = await app.request("/api/dev/mailbox");
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: "not_found" });
    expect((await app.request("/dev/mailbox")).status).toBe(404);
  });
});
