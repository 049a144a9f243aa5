import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { AdminUser } from "../contract/admin.ts";
import type { MemberLocale } from "../contract/member-locale.ts";
import type { Database } from "../db/client.ts";
import { emailOutbox, surveyQuestions, surveyResponses, temperamentResults, users } from "../db/schema.ts";
import { answerIn, questionIn } from "../survey/answers.ts";

/**
 * Every member with the profile fields, their answers (question order and text), the temperament
 * result and whether the result e-mail went out, for the admin's Users tab (docs/product.md §2). Five
 * statements in one batch, whatever the number of members: the rows are joined here, not one
 * query per member. Questions and answers in `locale`, all in the same one (ADR 0084): the Users
 * tab and its CSV read one form whatever language each member answered in.
 */
export async function listMembers(db: Database, locale: MemberLocale): Promise<AdminUser[]> {
  const [members, questions, answers, results, resultMails] = await db.batch([
    db.select().from(users).orderBy(desc(users.createdAt), asc(users.email)),
    db.select().from(surveyQuestions).orderBy(asc(surveyQuestions.order)),
    // One row per member with the answers as a JSON object, built by SQLite: reading 20,000 rows
    // into JavaScript objects cost ten times as much at 1,000 members (tests/bench/admin.ts).
    db
      .select({
        userId: surveyResponses.userId,
        answers: sql<string>`json_group_object(${surveyResponses.questionId}, ${surveyResponses.answer})`,
      })
      .from(surveyResponses)
      .groupBy(surveyResponses.userId),
    db.select().from(temperamentResults),
    db
      .selectDistinct({ userId: emailOutbox.userId })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "temperament_result"), isNotNull(emailOutbox.sentAt))),
  ]);
  const questionById = new Map(questions.map((q) => [q.id, q]));
  const answersByMember = new Map(
    answers.map((row) => [row.userId, JSON.parse(row.answers) as Record<string, string>] as const),
  );
  const resultByMember = new Map(results.map((r) => [r.userId, r]));
  // By member, not by address: a later account on the same address has not had its result.
  const resultSentTo = new Set(resultMails.map((m) => m.userId));

  return members.map((member) => {
    const own = Object.entries(answersByMember.get(member.id) ?? {})
      .flatMap(([questionId, answer]) => {
        const question = questionById.get(Number(questionId));
        return question
          ? [
              {
                question_id: question.id,
                order: question.order,
                question: questionIn(question, locale),
                answer: answerIn(question, answer, locale),
              },
            ]
          : [];
      })
      .sort((a, b) => a.order - b.order);
    const result = resultByMember.get(member.id);
    return {
      id: member.id,
      first_name: member.firstName,
      last_name: member.lastName,
      email: member.email,
      role: member.role,
      is_verified: member.emailVerifiedAt !== null,
      created_at: member.createdAt.toISOString(),
      survey_answered: own.length,
      survey_total: questions.length,
      answers: own,
      temperament: result ? { dominant: result.dominant, secondary: result.secondary } : null,
      result_email_sent: resultSentTo.has(member.id),
    };
  });
}
