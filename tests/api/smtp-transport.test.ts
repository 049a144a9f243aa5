import type { AddressInfo } from "node:net";
import { asc } from "drizzle-orm";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox } from "../../worker/db/schema.ts";
import { dispatchOutbox } from "../../worker/email/dispatcher.ts";
import { verificationEmail } from "../../worker/email/messages.ts";
import { enqueueEmail } from "../../worker/email/outbox.ts";
import { createSmtpMailer } from "../../worker/email/transports/smtp.ts";
import { createLogger } from "../../worker/lib/logger.ts";
import { createTestClock, createTestDatabase } from "../support/test-app.ts";

// The smtp transport (nodemailer) against a real SMTP server on loopback (smtp-server), which
// receives the message as any mail server would: credentials, envelope and the MIME message,
// parsed back with mailparser.

type Received = { user: unknown; from: string; to: string[]; mail: ParsedMail };

const received: Received[] = [];
const credentials = { username: "dukkan", password: "p@ss wörd" };
/** Set by a test to make the server refuse the next message's data with this reply. */
let refuseData: { code: number; message: string } | null = null;

const server = new SMTPServer({
  // Plain SMTP on loopback: no certificate to trust, so no STARTTLS; AUTH is allowed without TLS
  // only because this server exists for the test.
  disabledCommands: ["STARTTLS"],
  allowInsecureAuth: true,
  authMethods: ["PLAIN", "LOGIN"],
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === credentials.username && auth.password === credentials.password) {
      callback(null, { user: auth.username });
    } else {
      callback(Object.assign(new Error("5.7.8 Authentication credentials invalid"), { responseCode: 535 }));
    }
  },
  onData(stream, session, callback) {
    simpleParser(stream).then(
      (mail) => {
        if (refuseData) {
          const { code, message } = refuseData;
          return callback(Object.assign(new Error(message), { responseCode: code }));
        }
        received.push({
          user: session.user, // what onAuth accepted
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          mail,
        });
        callback();
      },
      (error: Error) => callback(error),
    );
  },
});
await new Promise<void>((listening) => server.listen(0, "127.0.0.1", () => listening()));
afterAll(() => new Promise<void>((closed) => server.close(() => closed())));
const { port } = server.server.address() as AddressInfo;
const smtpUrl = (password = credentials.password) =>
  `smtp://${credentials.username}:${encodeURIComponent(password)}@127.0.0.1:${port}`;

const { db } = await createTestDatabase();
const from = "Doğal Yaşam <no-reply@dogalyasam.test>";

beforeEach(async () => {
  received.length = 0;
  refuseData = null;
  await db.delete(emailOutbox);
});

describe("the smtp transport", () => {
  it("delivers text and HTML intact, with a UTF-8 subject and sender name, signed in with SMTP_URL's credentials", async () => {
    const subject = "Mizaç sonucunuz: Ağırbaşlı, çalışkan, şöyle ki İĞDIR · ölçü";
    const text = "Merhaba Çağla,\n\nSonucunuz hazır: ışık, ğ, ü, ş, ö, ç, İ.\n";
    const html = '<p style="color:#3f5a3c">Merhaba <b>Çağla</b>, sonucunuz hazır: ışık ğüşöçİ.</p>';

    await createSmtpMailer(smtpUrl()).send({ key: "outbox-7-1", to: "cagla@example.com", from, subject, text, html });

    expect(received).toHaveLength(1);
    const [message] = received as [Received];
    expect(message.user).toBe("dukkan");
    expect(message.from).toBe("no-reply@dogalyasam.test");
    expect(message.to).toEqual(["cagla@example.com"]);
    expect(message.mail.subject).toBe(subject);
    expect(message.mail.from?.value).toEqual([{ name: "Doğal Yaşam", address: "no-reply@dogalyasam.test" }]);
    expect(message.mail.text).toBe(text);
    expect(message.mail.html).toBe(html);
    expect(message.mail.messageId).toBe("<outbox-7-1@dogalyasam.test>");
  });

  /** One round of the real dispatcher, delivering to the test's SMTP server. */
  const dispatchOverSmtp = (clock: ReturnType<typeof createTestClock>) =>
    dispatchOutbox({
      db,
      mailer: createSmtpMailer(smtpUrl()),
      clock,
      logger: createLogger("silent"),
      from,
      maxAttempts: 8,
    });

  it("delivers the verification e-mail from the outbox and marks it sent", async () => {
    const clock = createTestClock();
    const content = verificationEmail("Çağrı", "https://dogalyasam.test/api/auth/verify?token=abc");
    await enqueueEmail(db, { kind: "verify_email", to: "cagri@example.com", content, sendAfter: clock.now() });

    const result = await dispatchOverSmtp(clock);

    expect(result).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(received).toHaveLength(1);
    const { mail } = received[0] as Received;
    expect(mail.subject).toBe(content.subject);
    expect(mail.text).toBe(content.text);
    expect(mail.html).toBe(content.html);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value : null).toEqual([
      { name: "", address: "cagri@example.com" },
    ]);
    const [row] = await db.select().from(emailOutbox);
    expect(row?.sentAt).toEqual(clock.now());
  });

  it("records the server's refusal on the row and schedules the next try", async () => {
    const clock = createTestClock();
    await enqueueEmail(db, {
      kind: "verify_email",
      to: "dolu@example.com",
      content: { subject: "S", text: "t", html: "<p>t</p>" },
      sendAfter: clock.now(),
    });
    refuseData = { code: 452, message: "4.2.2 Mailbox full, try later" };

    const result = await dispatchOverSmtp(clock);

    expect(result).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const [row] = await db.select().from(emailOutbox).orderBy(asc(emailOutbox.id));
    expect(row).toMatchObject({ sentAt: null, attempts: 1, claimId: null });
    expect(row?.lastError).toMatch(/452 4\.2\.2 Mailbox full, try later/);
    expect(row?.sendAfter.getTime()).toBe(clock.now().getTime() + 60_000);
  });

  it("fails the try when the credentials are wrong, saying so", async () => {
    await expect(
      createSmtpMailer(smtpUrl("wrong")).send({ key: "k", to: "a@example.com", from, subject: "S", text: "t" }),
    ).rejects.toThrow(/535 5\.7\.8 Authentication credentials invalid/);
    expect(received).toHaveLength(0);
  });
});
