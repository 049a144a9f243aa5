import { createTransport } from "nodemailer";
import type { Mailer } from "../mailer.ts";

/**
 * SMTP through nodemailer, on the Node server only: Workers cannot open raw TCP connections
 * the way nodemailer needs, and nodemailer pulls in node:net and node:tls. Only
 * worker/email/node-mailer.ts imports this file (biome.json keeps it so), so it never reaches the
 * Worker bundle.
 *
 * @param url SMTP_URL, e.g. smtp://user:password@smtp.example.com:587; smtp:// upgrades with
 *   STARTTLS when the server offers it (add ?requireTLS=true to insist), smtps:// is TLS from
 *   the first byte (port 465)
 */
export function createSmtpMailer(url: string): Mailer {
  const transporter = createTransport({
    url,
    // nodemailer waits minutes by default; a pass holds its claim on a batch of rows for 15, so
    // a server that stops answering must fail well before that (worker/email/dispatcher.ts).
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 30_000,
  });
  return {
    transport: "smtp",
    async send(message) {
      await transporter.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        // The same Message-ID on every try of one row lets a receiving server or client spot a
        // duplicate if a try reached it but its answer did not reach us.
        messageId: `<${message.key}@${hostOf(message.from)}>`,
      });
    },
  };
}

const hostOf = (from: string) => /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
