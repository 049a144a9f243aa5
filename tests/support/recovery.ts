import { desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Session } from "../../worker/contract/auth.ts";
import type { Database } from "../../worker/db/client.ts";
import { emailOutbox } from "../../worker/db/schema.ts";

type Answer = { status: number; json(): Promise<unknown> };

/**
 * A member's recovery session, opened as a member who forgot the password opens one: asks for the
 * reset e-mail, takes the token from the link in the newest e-mail to them in the outbox, and
 * sends it back. `post` is the test's own way to the API (the Node app or the built Worker), so
 * its client address and clock are the ones these requests count against.
 */
export async function openRecoverySession(
  post: (path: string, body: unknown) => Answer | Promise<Answer>,
  db: Database,
  email: string,
): Promise<Session> {
  expect((await post("/api/auth/recover", { email })).status).toBe(202);
  const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, email)).orderBy(desc(emailOutbox.id));
  const token = /\/reset-password#token=([\w-]+)/.exec(mail?.text ?? "")?.[1];
  const opened = await post("/api/auth/verify", { type: "recovery", token });
  expect(opened.status).toBe(200);
  return (await opened.json()) as Session;
}
