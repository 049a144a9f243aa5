import { type AppConfig, ConfigError } from "../config/config.ts";
import type { Mailer } from "./mailer.ts";
import { createCloudflareMailer, type SendEmailBinding } from "./transports/cloudflare.ts";
import { devMailboxMailer } from "./transports/dev-mailbox.ts";
import { createHttpApiMailer } from "./transports/http-api.ts";

type MailSettings = Pick<AppConfig, "MAIL_TRANSPORT" | "MAIL_API_URL" | "MAIL_API_KEY">;

/** The name of the `[[send_email]]` binding in wrangler.toml that MAIL_TRANSPORT=cloudflare uses. */
export const sendEmailBindingName = "EMAIL";

/**
 * The transport MAIL_TRANSPORT names, for the Worker; null when none is set (messages then wait
 * in the outbox). Throws a ConfigError, which the Worker entry logs as one line, for SMTP (no
 * nodemailer in a Worker) and for cloudflare without its binding.
 */
export function createWorkerMailer(config: MailSettings, env: { EMAIL?: SendEmailBinding | undefined }): Mailer | null {
  switch (config.MAIL_TRANSPORT) {
    case "dev-mailbox":
      return devMailboxMailer;
    case "http-api":
      return createHttpApiMailer({ url: config.MAIL_API_URL, apiKey: config.MAIL_API_KEY as string });
    case "cloudflare":
      if (!env.EMAIL) {
        throw new ConfigError(
          `Invalid configuration: MAIL_TRANSPORT is cloudflare, but the Worker has no send_email binding named ${sendEmailBindingName} (wrangler.toml [[send_email]])`,
        );
      }
      return createCloudflareMailer(env.EMAIL);
    case "smtp":
      throw new ConfigError(
        "Invalid configuration: MAIL_TRANSPORT is smtp, which only the Node server can use: on Workers use http-api or cloudflare",
      );
    case undefined:
      return null;
  }
}
