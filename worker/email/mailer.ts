/** What the dispatcher hands a transport. */
export type OutgoingEmail = {
  /**
   * Stable for one outbox row across its tries: providers that deduplicate (Resend's
   * Idempotency-Key) then deliver a retried message once even when an earlier try did reach
   * them but its answer was lost.
   */
  key: string;
  to: string;
  /** MAIL_FROM: `address` or `Name <address>`. */
  from: string;
  subject: string;
  text: string;
  html?: string | null;
};

/**
 * One way e-mail leaves (worker/email/transports/). `send` resolves once the transport has
 * accepted the message and rejects with an Error whose message says why not; the dispatcher
 * records that message and tries again later.
 */
export interface Mailer {
  readonly transport: string;
  send(message: OutgoingEmail): Promise<void>;
}

/** Reasons come from servers and providers: kept short enough for a log line and a table cell. */
export const describeFailure = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").trim().slice(0, 500);
