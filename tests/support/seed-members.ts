import { count, eq } from "drizzle-orm";
import { seedSurveyQuestions } from "../../drizzle/seed/survey-questions.ts";
import type { Database } from "../../worker/db/client.ts";
import { surveyResponses, temperamentResults, users } from "../../worker/db/schema.ts";
import { scoreTemperament } from "../../worker/survey/temperament.ts";

/**
 * Adds `total` confirmed members (member.<n>@<domain>) with every seeded question answered and a
 * temperament result, in batched inserts, for a shop at a real size: the bench's 1,000 and
 * 10,000 members, a test's page and a half of them. They share `passwordHash`: hashing thousands
 * of passwords would only slow the start. Returns how many members the shop has afterwards.
 */
export async function addMembers(
  db: Database,
  { total, passwordHash, domain }: { total: number; passwordHash: string; domain: string },
): Promise<number> {
  for (let start = 0; start < total; start += 50) {
    const batch = Array.from({ length: Math.min(50, total - start) }, (_, i) => start + i);
    const ids = batch.map(() => crypto.randomUUID());
    const answersOf = (n: number) =>
      seedSurveyQuestions.map((q, i) => ({ questionId: q.id, option: q.options[(n + i) % q.options.length] }));
    await db.batch([
      db.insert(users).values(
        batch.map((n, i) => ({
          id: ids[i] as string,
          email: `member.${n}@${domain}`,
          firstName: "Üye",
          lastName: `Numara ${n}`,
          passwordHash,
          emailVerifiedAt: new Date(),
        })),
      ),
      db.insert(surveyResponses).values(
        batch.flatMap((n, i) =>
          answersOf(n).map((a) => ({
            userId: ids[i] as string,
            questionId: a.questionId,
            answer: a.option?.text ?? "",
          })),
        ),
      ),
      db.insert(temperamentResults).values(
        batch.map((n, i) => ({
          userId: ids[i] as string,
          ...scoreTemperament(answersOf(n).flatMap((a) => (a.option ? [a.option] : []))),
        })),
      ),
    ]);
  }
  const [row] = await db.select({ members: count() }).from(users).where(eq(users.role, "member"));
  return row?.members ?? 0;
}
