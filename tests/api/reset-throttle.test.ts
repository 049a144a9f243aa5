import { describe, expect, it } from "vitest";
import { dispatchOutbox } from "../../worker/email/dispatcher.ts";
import { devMailboxMailer } from "../../worker/email/transports/dev-mailbox.ts";
import { createLogger } from "../../worker/lib/logger.ts";
import { createMember } from "../support/factories.ts";
import { createTestApp } from "../support/test-app.ts";

// Issue 38, item 7: a reset asked for within a minute of another e-mail to the address answered
// "sent" and sent nothing: the one-e-mail-a-minute throttle dropped it. It now waits in the
// outbox for the address's next allowed minute, and only the newest link goes (ADR 0063).
// Through the real dispatcher into the development mailbox, on the test clock.

const { app, db, clock } = await createTestApp({ APP_ENV: "development", RECOVER_LIMIT_PER_HOUR: 1000 });

// From today on, a minute ahead of the wall clock: an e-mail written with the database's own clock
// (the outbox's default) is then due on the test clock too, as it was before the fix.
clock.advance(Date.now() + 60_000 - clock.now().getTime());

const post = (path: string, body: unknown) =>
  app.request(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const dispatch = () =>
  dispatchOutbox({
    db,
    clock,
    logger: createLogger("silent"),
    from: "Doğal Yaşam <no-reply@shop.test>",
    maxAttempts: 8,
    mailer: devMailboxMailer,
  });

type Delivered = { to: string; text: string; kind: string; sent_at: string | null };
/** The reset e-mails the mailbox holds for `email`, oldest first, with the token of each link. */
async function resetMails(email: string) {
  const all = (await (await app.request("/api/dev/mailbox")).json()) as Delivered[];
  return all
    .filter((m) => m.to === email && m.kind === "reset_password")
    .reverse()
    .map((m) => ({ sentAt: m.sent_at, token: /\/reset-password#token=([\w-]+)/.exec(m.text)?.[1] }));
}
const open = (token: string | undefined) => post("/api/auth/verify", { type: "recovery", token });

describe("a reset asked for within a minute of another e-mail to the address", () => {
  it("is sent when the minute has passed, and its link works", async () => {
    const member = await createMember(db);
    expect((await post("/api/auth/recover", { email: member.email })).status).toBe(202);
    expect(await dispatch()).toMatchObject({ sent: 1 });
    const first = clock.now();

    clock.advance(20_000);
    const second = await post("/api/auth/recover", { email: member.email });
    expect(second.status).toBe(202);
    expect(await second.json()).toEqual({ status: "recovery_sent" });
    expect(await dispatch()).toMatchObject({ sent: 0 });

    clock.advance(39_000);
    expect(await dispatch()).toMatchObject({ sent: 0 });
    clock.advance(1_000);
    expect(await dispatch()).toMatchObject({ sent: 1 });
    const mails = await resetMails(member.email);
    expect(mails.map((m) => m.sentAt)).toEqual([first.toISOString(), clock.now().toISOString()]);
    // The newest link wins: the first one stopped working when the second was asked for.
    expect((await open(mails[0]?.token)).status).toBe(400);
    expect((await open(mails[1]?.token)).status).toBe(200);
  });

  it("sends only the newest of several waiting, and nothing else to the address in its minute", async () => {
    const member = await createMember(db);
    await post("/api/auth/recover", { email: member.email });
    await dispatch();
    for (let i = 0; i < 3; i++) {
      clock.advance(10_000);
      expect((await post("/api/auth/recover", { email: member.email })).status).toBe(202);
    }
    clock.advance(30_000);
    expect(await dispatch()).toMatchObject({ sent: 1 });
    const sentAt = clock.now();

    // Asked again within the minute the waiting one was sent in: it waits for the next.
    clock.advance(30_000);
    await post("/api/auth/recover", { email: member.email });
    expect(await dispatch()).toMatchObject({ sent: 0 });
    clock.advance(30_000);
    expect(await dispatch()).toMatchObject({ sent: 1 });

    const mails = await resetMails(member.email);
    expect(mails.map((m) => m.sentAt)).toEqual([expect.any(String), sentAt.toISOString(), clock.now().toISOString()]);
    expect((await open(mails[1]?.token)).status).toBe(400);
    expect((await open(mails[2]?.token)).status).toBe(200);
  });

  it("answers an unknown address the same, and writes nothing for it", async () => {
    const email = "nobody.here@example.com";
    for (let i = 0; i < 2; i++) {
      const res = await post("/api/auth/recover", { email });
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ status: "recovery_sent" });
    }
    clock.advance(60_000);
    await dispatch();
    expect(await resetMails(email)).toEqual([]);
  });
});
