import { parseMailbox } from "../mailbox-address.ts";
import type { Mailer } from "../mailer.ts";

export type HttpApiSettings = {
  /** MAIL_API_URL: the API's origin (default https://api.resend.com). */
  url: string;
  /** MAIL_API_KEY */
  apiKey: string;
  /** How long one request may take before it counts as failed. */
  timeoutMs?: number;
};

/**
 * An HTTP e-mail API in Resend's format: `POST {url}/emails`, `Authorization: Bearer {key}`,
 * JSON `{from, to, subject, text, html}`. Plain fetch, so it runs on both runtimes. Any answer
 * but a 2xx is a failure carrying the provider's own message, which the outbox keeps.
 */
export function createHttpApiMailer({ url, apiKey, timeoutMs = 30_000 }: HttpApiSettings): Mailer {
  const endpoint = `${url.replace(/\/+$/, "")}/emails`;
  return {
    transport: "http-api",
    async send(message) {
      const from = parseMailbox(message.from);
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: "POST",
          headers: {
            Authorization: `Bearer ${apiKey}`,
            "Content-Type": "application/json",
            // Resend keeps a key for 24 hours and answers a repeat without sending again.
            "Idempotency-Key": message.key,
          },
          body: JSON.stringify({
            // Resend takes "Name <address>" and encodes the name itself.
            from: from?.name ? `${from.name} <${from.address}>` : (from?.address ?? message.from),
            to: [message.to],
            subject: message.subject,
            text: message.text,
            ...(message.html ? { html: message.html } : {}),
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new Error(`The e-mail API at ${endpoint} could not be reached: ${reason(error)}`);
      }
      if (response.ok) {
        await response.body?.cancel();
        return;
      }
      throw new Error(`The e-mail API answered ${response.status}: ${await providerMessage(response)}`);
    },
  };
}

/** Resend answers errors as `{statusCode, name, message}`; anything else is quoted as it came. */
async function providerMessage(response: Response): Promise<string> {
  const body = await response.text().catch(() => "");
  try {
    const parsed = JSON.parse(body) as { message?: unknown; name?: unknown };
    if (typeof parsed.message === "string") {
      return typeof parsed.name === "string" ? `${parsed.message} (${parsed.name})` : parsed.message;
    }
  } catch {
    // not JSON: a proxy's page, a plain-text error
  }
  return body.trim().slice(0, 300) || response.statusText || "no message";
}

const reason = (error: unknown) =>
  error instanceof Error
    ? error.cause instanceof Error
      ? `${error.message} (${error.cause.message})`
      : error.message
    : String(error);
