import type { Mailer } from "../mailer.ts";

/**
 * The local default: the message stays in the outbox table, where the development mailbox
 * (worker/routes/dev/, only with APP_ENV=development) shows it. Sending is a no-op, so the
 * dispatcher marks the row delivered; configuration refuses this transport in production, where
 * it would drop every e-mail.
 */
export const devMailboxMailer: Mailer = {
  transport: "dev-mailbox",
  async send() {},
};
