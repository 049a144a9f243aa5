import { useState } from "react";
import type { AdminUser } from "../../../../worker/contract/admin.ts";
import { ChevronDownIcon } from "../../../components/icons.tsx";
import { formatCount } from "../../../lib/format-count.ts";
import { m } from "../../../paraglide/messages.js";
import { formatDate, fullName, temperamentResult } from "../admin-format.ts";
import { Badge, EmptyState, TabHeader } from "../admin-ui.tsx";

/**
 * Members shown at first and added by each "Show more": a card holds its twenty answers, and
 * thousands of cards at once kept the dashboard from answering for seconds (10,000 members did
 * not render within 30 s; tests/bench/admin.ts).
 */
export const usersPageSize = 50;

/**
 * docs/product.md §2's Users & Survey Responses: each user with name, e-mail, joined date, verification,
 * how much of the survey they answered, the answers ("Q{order}: question") and the temperament
 * result. The answers fold away: twenty per member would bury the list.
 */
export function UsersTab({ users }: { users: readonly AdminUser[] }) {
  const [shown, setShown] = useState(usersPageSize);
  const remaining = users.length - shown;
  return (
    <div className="space-y-6">
      <TabHeader title={m.admin_tab_users()} />
      {users.length === 0 ? (
        <EmptyState>{m.admin_users_empty()}</EmptyState>
      ) : (
        <>
          <ul className="space-y-4">
            {users.slice(0, shown).map((user) => (
              <li key={user.id}>
                <UserCard user={user} />
              </li>
            ))}
          </ul>
          {remaining > 0 ? (
            <div className="flex flex-col items-center gap-3 text-sm text-muted">
              <p>{m.admin_users_showing({ shown: formatCount(shown), total: formatCount(users.length) })}</p>
              <button
                type="button"
                className="btn-outline"
                onClick={() => setShown((current) => current + usersPageSize)}
              >
                {m.admin_users_show_more({ count: Math.min(usersPageSize, remaining) })}
              </button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

function UserCard({ user }: { user: AdminUser }) {
  const result = temperamentResult(user.temperament);
  return (
    <article className="rounded-2xl border border-sand bg-white p-5 shadow-soft">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-lg font-semibold [overflow-wrap:anywhere] text-sage-900">
            {fullName(user)}
            {user.role === "admin" ? (
              <span className="ml-2 align-middle">
                <Badge tone="sand">{m.admin_user_admin()}</Badge>
              </span>
            ) : null}
          </h3>
          <p className="break-all text-sm text-muted">{user.email}</p>
        </div>
        <Badge tone={user.is_verified ? "sage" : "terracotta"}>
          {user.is_verified ? m.admin_user_verified() : m.admin_user_pending()}
        </Badge>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3 xl:grid-cols-5">
        <div>
          <dt className="text-muted">{m.admin_user_joined()}</dt>
          <dd className="font-medium text-ink">{formatDate(user.created_at)}</dd>
        </div>
        <div>
          <dt className="text-muted">{m.admin_user_survey()}</dt>
          <dd className="font-medium text-ink">
            {user.survey_answered}/{user.survey_total}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{m.admin_user_dominant()}</dt>
          <dd className="font-medium text-ink">{result.dominant}</dd>
        </div>
        <div>
          <dt className="text-muted">{m.admin_user_secondary()}</dt>
          <dd className="font-medium text-ink">{result.secondary}</dd>
        </div>
        <div>
          <dt className="text-muted">{m.admin_user_result_email()}</dt>
          <dd className="font-medium text-ink">
            {user.result_email_sent ? m.admin_user_result_sent() : m.admin_user_result_not_sent()}
          </dd>
        </div>
      </dl>
      {user.answers.length > 0 ? (
        <details className="group mt-4 rounded-xl bg-linen">
          <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 rounded-xl px-4 text-sm font-semibold text-sage-800 [&::-webkit-details-marker]:hidden">
            {m.admin_user_answers({ count: user.answers.length })}
            <ChevronDownIcon className="size-4 transition-transform group-open:rotate-180" />
          </summary>
          <ol className="space-y-3 px-4 pt-1 pb-4 text-sm">
            {user.answers.map((answer) => (
              <li key={answer.question_id}>
                <p className="font-medium text-ink">
                  {m.admin_user_answer_question({ order: answer.order, question: answer.question })}
                </p>
                <p className="text-sage-800">{answer.answer}</p>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </article>
  );
}
