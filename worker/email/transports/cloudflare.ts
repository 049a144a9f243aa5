import { parseMailbox } from "../mailbox-address.ts";
import type { Mailer } from "../mailer.ts";

/**
 * The part of Cloudflare's `send_email` binding this transport uses: `send` with the message's
 * fields (the Email Service Workers API). Cloudflare composes the MIME message itself: encoded
 * headers, both parts, Message-ID and DKIM signature.
 */
export interface SendEmailBinding {
  send(message: {
    from: string | { name: string; email: string };
    to: string;
    subject: string;
    text?: string;
    html?: string;
    headers?: Record<string, string>;
  }): Promise<{ messageId: string }>;
}

/**
 * Cloudflare Email Service through the Worker's `send_email` binding (named EMAIL in
 * wrangler.toml): no key to keep, no request leaving Cloudflare. Worker only; the Node server
 * refuses it at start-up (worker/email/node-mailer.ts).
 */
export function createCloudflareMailer(binding: SendEmailBinding): Mailer {
  return {
    transport: "cloudflare",
    async send(message) {
      const from = parseMailbox(message.from);
      await binding.send({
        from: from ? (from.name ? { name: from.name, email: from.address } : from.address) : message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
    },
  };
}
