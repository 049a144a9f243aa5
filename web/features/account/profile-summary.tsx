import type { ReactNode } from "react";
import type { Profile } from "../../../worker/contract/profile.ts";
import { UserIcon } from "../../components/icons.tsx";
import { temperamentNames } from "../../lib/temperament-names.ts";
import { m } from "../../paraglide/messages.js";
import { getLocale } from "../../paraglide/runtime.js";

/** "November 28, 2026" on an English page, "28 Kasım 2026" on a Turkish one (docs/turkish-glossary.md). */
const memberSince = (date: Date) =>
  new Intl.DateTimeFormat(getLocale() === "tr" ? "tr-TR" : "en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
  }).format(date);

/**
 * docs/product.md §2's summary card: who, since when, how far through the survey, the result and the
 * products suggested for it (issue 30), Sign Out.
 */
export function ProfileSummary({
  profile,
  answered,
  total,
  onSignOut,
  suggestions,
}: {
  profile: Profile;
  answered: number;
  total: number;
  onSignOut(): void;
  suggestions?: ReactNode;
}) {
  const fullName = `${profile.first_name} ${profile.last_name}`;
  return (
    <section
      aria-label={m.account_summary()}
      className="rounded-3xl border border-sand bg-white/80 p-5 shadow-soft sm:p-7 lg:sticky lg:top-24"
    >
      <div className="flex items-center gap-4">
        <span className="grid size-14 shrink-0 place-items-center rounded-full bg-sage-100 text-sage-700">
          <UserIcon className="size-7" />
        </span>
        <div className="min-w-0">
          <h2 className="text-xl font-semibold break-words text-sage-900">{fullName}</h2>
          <p className="text-sm break-all text-muted">{profile.email}</p>
        </div>
      </div>

      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-3 text-sm">
        <dt className="text-muted">{m.account_status()}</dt>
        <dd className="text-right">
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
              profile.is_verified ? "bg-sage-100 text-sage-800" : "bg-terracotta-50 text-terracotta-700"
            }`}
          >
            {profile.is_verified ? m.account_status_verified() : m.account_status_pending()}
          </span>
        </dd>
        <dt className="text-muted">{m.account_member_since()}</dt>
        <dd className="text-right font-medium whitespace-nowrap text-ink">
          {memberSince(new Date(profile.created_at))}
        </dd>
        <dt className="text-muted">{m.account_survey_completed()}</dt>
        <dd className="text-right font-medium text-ink">
          {answered}/{total}
        </dd>
      </dl>

      <div className="mt-6 rounded-2xl bg-cream p-4">
        <h3 className="text-sm font-semibold tracking-wide text-sage-800">{m.account_your_temperament()}</h3>
        {profile.temperament ? (
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted">{m.account_temperament_dominant()}</dt>
            <dd className="text-right font-semibold text-ink">{temperamentNames[profile.temperament.dominant]}</dd>
            <dt className="text-muted">{m.account_temperament_secondary()}</dt>
            <dd className="text-right font-semibold text-ink">{temperamentNames[profile.temperament.secondary]}</dd>
          </dl>
        ) : (
          <p className="mt-2 text-sm text-muted">{m.account_result_pending()}</p>
        )}
      </div>

      {suggestions ? (
        <section aria-labelledby="profile-suggested-title" className="mt-6">
          <h3 id="profile-suggested-title" className="text-sm font-semibold tracking-wide text-sage-800">
            {m.account_suggested_for_temperament()}
          </h3>
          <div className="mt-3">{suggestions}</div>
        </section>
      ) : null}

      <button type="button" className="btn btn-outline mt-6 w-full" onClick={onSignOut}>
        {m.account_sign_out()}
      </button>
    </section>
  );
}
