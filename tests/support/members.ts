import { createClient } from "@libsql/client";
import { expect } from "vitest";
import type { SurveyQuestion } from "../../worker/contract/catalogue.ts";
import { attemptKey } from "../../worker/lib/rate-limit.ts";
import { getJson, type TestServer } from "./server.ts";

// Members made through the real API and the development mailbox (GET /api/dev/mailbox, only
// with APP_ENV=development), as a visitor would make one.

export type MailboxMessage = { to: string; subject: string; text: string; html: string | null; created_at: string };

export async function mailbox(server: TestServer): Promise<MailboxMessage[]> {
  const res = await fetch(`${server.url}/api/dev/mailbox`);
  expect(res.status).toBe(200);
  return (await res.json()) as MailboxMessage[];
}

/**
 * Waits (a few seconds at most) until the mailbox holds a message to `to` with this subject,
 * newer than the `after` messages already seen.
 */
export async function waitForMail(
  server: TestServer,
  to: string,
  subject: string,
  { after = 0 }: { after?: number } = {},
): Promise<MailboxMessage> {
  for (let tries = 0; tries < 50; tries++) {
    const found = (await mailbox(server)).filter((m) => m.to === to && m.subject === subject);
    if (found.length > after) return found[0] as MailboxMessage; // newest first
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`no "${subject}" e-mail to ${to} arrived`);
}

/** How many messages with this subject `to` has had so far. */
export async function countMail(server: TestServer, to: string, subject: string): Promise<number> {
  return (await mailbox(server)).filter((m) => m.to === to && m.subject === subject).length;
}

export type Member = { email: string; password: string; firstName: string; lastName: string };

/** A member-to-be as the sign-up form takes them: "First Last", an address and a password. */
export function newMember(name: `${string} ${string}`, email: string, password: string): Member {
  const [firstName = "", lastName = ""] = name.split(" ");
  return { email, password, firstName, lastName };
}

/**
 * Signs a member up with every question answered with its first option, or as `answers` says
 * (question id → option text); unless `verified` is false, follows the link in the verification
 * e-mail too.
 */
export async function signUpMember(
  server: TestServer,
  member: Member,
  { verified = true, answers }: { verified?: boolean; answers?: Record<string, string> } = {},
): Promise<SurveyQuestion[]> {
  const { questions } = await getJson<{ questions: SurveyQuestion[] }>(server, "/api/survey/questions");
  const res = await fetch(`${server.url}/api/auth/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      first_name: member.firstName,
      last_name: member.lastName,
      email: member.email,
      password: member.password,
      survey_responses: answers ?? Object.fromEntries(questions.map((q) => [String(q.id), q.options[0]])),
    }),
  });
  expect(res.status).toBe(202);
  if (!verified) return questions;
  // Followed in the browser that signed up: its cookie lets the link confirm without the password.
  const browser = res.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  const mail = await waitForMail(server, member.email, "Confirm your e-mail address · Doğal Yaşam");
  const link = /https?:\/\/\S+\/api\/auth\/verify\?token=[\w-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error("no verification link in the e-mail");
  const verify = await fetch(link, { redirect: "manual", headers: { Cookie: browser.join("; ") } });
  expect(verify.headers.get("Location")).toBe("/verify-success");
  return questions;
}

/**
 * Lets the minute pass that the server waits between two e-mails to one address (docs/architecture.md §4):
 * a member who just signed up may ask for a reset link at once in a test, not in real life.
 */
export async function forgetMailThrottle(server: TestServer, email: string): Promise<void> {
  const db = createClient({ url: server.databaseUrl });
  try {
    const key = await attemptKey(server.jwtSecret, "email", email);
    await db.execute({ sql: "delete from rate_limits where key = ?", args: [key] });
  } finally {
    db.close();
  }
}

/** The `registration=…` cookie a sign-up answer sets (name and value, as a browser sends it back), or "". */
export function registrationCookie(answer: { headers: { getSetCookie(): string[] } }): string {
  return (
    answer.headers
      .getSetCookie()
      .find((c) => c.startsWith("registration="))
      ?.split(";")[0] ?? ""
  );
}
