import { type AppConfig, ConfigError } from "../config/config.ts";
import type { Mailer } from "./mailer.ts";
import { devMailboxMailer } from "./transports/dev-mailbox.ts";
import { createHttpApiMailer } from "./transports/http-api.ts";
import { createSmtpMailer } from "./transports/smtp.ts";

type MailSettings = Pick<AppConfig, "MAIL_TRANSPORT" | "SMTP_URL" | "MAIL_API_URL" | "MAIL_API_KEY">;

/**
 * The transport MAIL_TRANSPORT names, for the Node server and the CLIs; null when none is set
 * (messages then wait in the outbox). Throws a ConfigError for Cloudflare's binding, which only
 * a Worker has. parseConfig has already checked each transport's settings.
 */
export function createNodeMailer(config: MailSettings): Mailer | null {
  switch (config.MAIL_TRANSPORT) {
    case "dev-mailbox":
      return devMailboxMailer;
    case "smtp":
      return createSmtpMailer(config.SMTP_URL as string);
    case "http-api":
      return createHttpApiMailer({ url: config.MAIL_API_URL, apiKey: config.MAIL_API_KEY as string });
    case "cloudflare":
      throw new ConfigError(
        "Invalid configuration: MAIL_TRANSPORT is cloudflare, which sends through a Worker's send_email binding: on the Node server use smtp or http-api",
      );
    case undefined:
      return null;
  }
}
