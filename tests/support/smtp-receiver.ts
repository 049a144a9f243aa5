import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll } from "vitest";
import { createSmtpMailer } from "../../worker/email/transports/smtp.ts";

/**
 * A real SMTP server on loopback for one test file, closed after it, and the shop's SMTP mailer
 * pointed at it: every message the dispatcher delivers arrives in `received`, parsed back with
 * mailparser.
 */
export async function startSmtpReceiver() {
  const received: ParsedMail[] = [];
  const smtp = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((listening) => smtp.listen(0, "127.0.0.1", () => listening()));
  afterAll(() => new Promise<void>((closed) => smtp.close(() => closed())));
  const mailer = createSmtpMailer(`smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`);
  return { received, mailer };
}
