import { and, isNotNull, isNull } from "drizzle-orm";
import packageJson from "../../package.json" with { type: "json" };
import type { AdminSettings } from "../contract/admin.ts";
import type { Database } from "../db/client.ts";
import { emailOutbox } from "../db/schema.ts";

/** What the shop is configured with, for the admin's Settings tab. Never a secret. */
export async function readSettings(
  db: Database,
  config: { MAIL_TRANSPORT?: string | undefined; DATABASE_URL: string },
): Promise<AdminSettings> {
  const [waiting, sent, failed] = await Promise.all([
    db.$count(emailOutbox, and(isNull(emailOutbox.sentAt), isNull(emailOutbox.failedAt))),
    db.$count(emailOutbox, isNotNull(emailOutbox.sentAt)),
    db.$count(emailOutbox, isNotNull(emailOutbox.failedAt)),
  ]);
  return {
    email_transport: config.MAIL_TRANSPORT ?? null,
    database: config.DATABASE_URL.startsWith("file:") ? "embedded file" : "remote libSQL",
    app_version: packageJson.version,
    outbox: { waiting, sent, failed },
  };
}
