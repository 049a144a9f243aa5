/** A sender or recipient split into its display name ("" when none) and address. */
export type Mailbox = { name: string; address: string };

const address = /^[^\s@<>",;]+@[^\s@<>",;]+$/;

/**
 * Reads `address` or `Name <address>` (the name may be quoted), as MAIL_FROM is written. The
 * transports that take structured fields (the HTTP API, Cloudflare's binding) need the parts;
 * null for anything else, so configuration can refuse it at start-up instead of at the first
 * e-mail.
 */
export function parseMailbox(value: string): Mailbox | null {
  const text = value.trim();
  const named = /^(.*?)\s*<([^<>]+)>$/.exec(text);
  if (!named) return address.test(text) ? { name: "", address: text } : null;
  const name = (named[1] ?? "").replace(/^"(.*)"$/, "$1").trim();
  const mail = (named[2] ?? "").trim();
  return address.test(mail) ? { name, address: mail } : null;
}
