import type { AppConfig } from "../config/config.ts";

/** What the dispatcher hands a transport. Transports: dev mailbox, SMTP, HTTP API, Cloudflare. */
export type OutgoingEmail = {
  to: string;
  from: string;
  subject: string;
  text: string;
  html?: string | null;
};

export interface Mailer {
  readonly transport: string;
  send(message: OutgoingEmail): Promise<void>;
}

/**
 * Development transport: the message stays in the outbox table, where a development mailbox
 * page will show it (only when APP_ENV=development). Sending is a no-op so the dispatcher marks
 * it delivered; configuration refuses it in production, where that would drop every e-mail.
 */
export const devMailboxMailer: Mailer = {
  transport: "dev-mailbox",
  async send() {},
};

/** The transport MAIL_TRANSPORT names, or null when none is set: messages then wait in the outbox. */
export function createMailer(config: Pick<AppConfig, "MAIL_TRANSPORT">): Mailer | null {
  switch (config.MAIL_TRANSPORT) {
    case "dev-mailbox":
      return devMailboxMailer;
    case undefined:
      return null;
  }
}
