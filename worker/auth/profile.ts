import { eq } from "drizzle-orm";
import type { MemberLocale } from "../contract/member-locale.ts";
import type { Profile } from "../contract/profile.ts";
import type { Database } from "../db/client.ts";
import { surveyResponses, temperamentResults, users } from "../db/schema.ts";
import { answersIn, type CheckedAnswers, loadSurvey } from "../survey/answers.ts";
import { scoreTemperament } from "../survey/temperament.ts";

type UserRow = typeof users.$inferSelect;
type Answers = Extract<CheckedAnswers, { ok: true }>["answers"];

/**
 * A member's profile as docs/product.md §3 names it, with the answers and the temperament result;
 * the answers in `locale` (ADR 0084: stored in English, read back in the page's language).
 */
export async function readProfile(db: Database, user: UserRow, locale: MemberLocale): Promise<Profile> {
  const [answers, result, survey] = await Promise.all([
    db.select().from(surveyResponses).where(eq(surveyResponses.userId, user.id)),
    db.query.temperamentResults.findFirst({ where: eq(temperamentResults.userId, user.id) }),
    locale === "en" ? [] : loadSurvey(db),
  ]);
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    is_verified: user.emailVerifiedAt !== null,
    created_at: user.createdAt.toISOString(),
    survey_responses: answersIn(
      survey,
      Object.fromEntries(answers.map((a) => [String(a.questionId), a.answer])),
      locale,
    ),
    temperament: result ? { dominant: result.dominant, secondary: result.secondary } : null,
  };
}

/** Saves names and answers and recomputes the temperament result, in one transaction. */
export async function updateProfile(
  db: Database,
  userId: string,
  change: { firstName: string; lastName: string; answers: Answers },
  now: Date,
): Promise<void> {
  const result = scoreTemperament(change.answers.map((a) => a.option));
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ firstName: change.firstName, lastName: change.lastName, updatedAt: now })
      .where(eq(users.id, userId));
    await tx.delete(surveyResponses).where(eq(surveyResponses.userId, userId));
    await tx
      .insert(surveyResponses)
      .values(change.answers.map((a) => ({ userId, questionId: a.questionId, answer: a.answer, updatedAt: now })));
    await tx
      .insert(temperamentResults)
      .values({ userId, ...result, computedAt: now })
      .onConflictDoUpdate({ target: temperamentResults.userId, set: { ...result, computedAt: now } });
  });
}
