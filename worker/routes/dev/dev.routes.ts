import { desc } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import * as z from "zod/mini";
import { emailOutbox } from "../../db/schema.ts";
import { ApiError } from "../../lib/api-error.ts";
import { type AppEnv, createRouter } from "../../lib/app-env.ts";
import { escapeHtml } from "../../lib/escape-html.ts";
import { describeRoute } from "../../openapi/describe-route.ts";

/** How many of the newest messages the mailbox shows. */
const mailboxSize = 100;

/** A message as `GET /api/dev/mailbox` answers it. */
const mailboxMessageSchema = z.object({
  id: z.number(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.nullable(z.string()),
  created_at: z.string(),
  sent_at: z.nullable(z.string()),
  /** Set once the dispatcher gave up on it (MAIL_MAX_ATTEMPTS tries). */
  failed_at: z.nullable(z.string()),
  attempts: z.number(),
  last_error: z.nullable(z.string()),
});
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>;

/** Development tooling exists only when APP_ENV=development; anywhere else it is not there. */
const developmentOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.config.APP_ENV !== "development") throw new ApiError(404, "not_found", (t) => t.api_not_found);
  await next();
});

async function readMailbox(c: { var: AppEnv["Variables"] }): Promise<MailboxMessage[]> {
  const rows = await c.var.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(mailboxSize);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    failed_at: row.failedAt?.toISOString() ?? null,
    attempts: row.attempts,
    last_error: row.lastError,
  }));
}

/** `GET /api/dev/mailbox`: the development mailbox as JSON, newest first (docs/architecture.md §5). */
export const devApiRoutes = createRouter()
  .use(developmentOnly)
  .get(
    "/mailbox",
    describeRoute({
      summary: "The development mailbox, newest first",
      access: "public",
      ok: { 200: z.array(mailboxMessageSchema) },
      development: true,
    }),
    async (c) => c.json(await readMailbox(c), 200, { "Cache-Control": "no-store" }),
  );

function deliveryState(m: MailboxMessage): string {
  if (m.sent_at) return `delivered ${escapeHtml(m.sent_at)}`;
  const lastError = m.last_error ? ` (last error: ${escapeHtml(m.last_error)})` : "";
  const tries = `${m.attempts} ${m.attempts === 1 ? "try" : "tries"}`;
  if (m.failed_at) return `failed for good ${escapeHtml(m.failed_at)} after ${tries}${lastError}`;
  return m.attempts > 0 ? `waiting, ${tries} so far${lastError}` : "waiting";
}

/**
 * The mailbox page. Each message's HTML is shown in a sandboxed frame (no `allow-scripts`:
 * nothing in it runs, and it cannot reach this page), its markup escaped into `srcdoc`, so a
 * hostile subject or body is only ever text here. Its links open in a new tab, as in a mail
 * client (the pages they lead to refuse to be framed).
 */
function mailboxPage(messages: MailboxMessage[]): string {
  const items = messages
    .map(
      (m) => `<article>
<h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(m.kind)} · written ${escapeHtml(m.created_at)} · ${deliveryState(m)}</p>
${m.html ? `<iframe sandbox="allow-popups allow-popups-to-escape-sandbox" title="${escapeHtml(m.subject)}" srcdoc="${escapeHtml(`<base target="_blank">${m.html}`)}"></iframe>` : ""}
<details><summary>Plain text</summary><pre>${escapeHtml(m.text)}</pre></details>
</article>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development mailbox · Doğal Yaşam</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
body{margin:0;padding:24px;font-family:system-ui,sans-serif;background:#fbf8f1;color:#27301f}
main{max-width:760px;margin:0 auto}
article{margin:0 0 24px;padding:16px;border:1px solid #e7ddca;border-radius:16px;background:#fff}
h1{font-size:1.5rem}h2{margin:0 0 4px;font-size:1.1rem}.meta{margin:0 0 12px;color:#545c4b;font-size:.875rem;overflow-wrap:anywhere}
iframe{width:100%;height:560px;border:1px solid #e7ddca;border-radius:12px;background:#fff}
pre{white-space:pre-wrap;overflow-wrap:anywhere}
</style></head>
<body><main><h1>Development mailbox</h1>
<p>Every e-mail the shop wrote, newest first. This page exists only when APP_ENV=development.</p>
${items || "<p>No messages yet.</p>"}
</main></body></html>`;
}

/** `/dev/mailbox`: the same messages as a page to read them. */
export const devPageRoutes = createRouter()
  .use(developmentOnly)
  .get("/mailbox", async (c) => c.html(mailboxPage(await readMailbox(c)), 200, { "Cache-Control": "no-store" }));
