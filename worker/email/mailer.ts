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
 * Development transport: the message stays in the outbox table, where a development mailbox page will show it
 * (only when APP_ENV=development). Sending is a no-op so the dispatcher marks it delivered.
 */
export const devMailboxMailer: Mailer = {
  transport: "dev-mailbox",
  async send() {},
};
