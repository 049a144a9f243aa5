import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useState } from "react";
import type { SurveyQuestion } from "../../../worker/contract/catalogue.ts";
import type { Profile, ProfileUpdate } from "../../../worker/contract/profile.ts";
import { ErrorPanel } from "../../components/error-panel.tsx";
import { readJson } from "../../lib/api-client.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { rememberTemperament, type TemperamentResult } from "../../lib/member-temperament.ts";
import { getSessionManager, memberApi } from "../../lib/session.ts";
import { m } from "../../paraglide/messages.js";
import { ChangePasswordForm } from "./change-password-form.tsx";
import { FormMessage, fieldClass, ProfileSection, TextField } from "./form-parts.tsx";
import { ProfileLanguage } from "./profile-language.tsx";
import { ProfileSummary } from "./profile-summary.tsx";
import { SurveyQuestionList } from "./survey-question-list.tsx";
import { fetchSurveyQuestions } from "./survey-questions-api.ts";

type Load = { state: "loading" } | { state: "failed" } | { state: "ready"; profile: Profile };

const readOnlyField = `${fieldClass} read-only:border-transparent read-only:bg-linen read-only:shadow-none`;

const nameFields = [
  { field: "first_name", label: m.account_first_name, autoComplete: "given-name" },
  { field: "last_name", label: m.account_last_name, autoComplete: "family-name" },
] as const;

/**
 * docs/product.md §2's Profile: the summary card, Personal Information and the Wellness Survey, read-only
 * until Edit; Save Changes sends names and answers, leaves edit mode and loads the profile again.
 * Under the temperament result, the products `suggestions` shows for it (composed by the route,
 * issue 30); each profile read keeps the result on the device for home (ADR 0053), so changed
 * answers change the suggestions there too.
 */
export function ProfileScreen({ suggestions }: { suggestions?: (result: TemperamentResult) => ReactNode }) {
  useDocumentTitle(m.account_my_profile());
  const id = useId();
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [questions, setQuestions] = useState<SurveyQuestion[]>([]);
  const [draft, setDraft] = useState<ProfileUpdate | null>(null);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);

  const loadProfile = useCallback(async () => {
    try {
      const profile = await readJson(memberApi.user.profile.$get());
      setLoad({ state: "ready", profile });
      rememberTemperament(profile);
      return true;
    } catch {
      setLoad({ state: "failed" });
      return false;
    }
  }, []);

  useEffect(() => {
    void fetchSurveyQuestions().then(setQuestions);
    // Loaded at /profile, the session check has just read the profile: no second request.
    const checked = getSessionManager().takeCheckedProfile();
    if (checked) {
      setLoad({ state: "ready", profile: checked });
      rememberTemperament(checked);
    } else void loadProfile();
  }, [loadProfile]);

  if (load.state === "loading") {
    return (
      <p role="status" className="container-page py-24 text-center text-muted">
        {m.account_loading_profile()}
      </p>
    );
  }
  if (load.state === "failed") {
    return (
      <section className="container-page py-16">
        <ErrorPanel
          className="mx-auto max-w-md"
          message={m.account_profile_load_failed()}
          onRetry={() => {
            setLoad({ state: "loading" });
            void loadProfile();
          }}
        />
      </section>
    );
  }

  const { profile } = load;
  const editing = draft !== null;
  const shown = draft ?? {
    first_name: profile.first_name,
    last_name: profile.last_name,
    survey_responses: profile.survey_responses,
  };

  const startEditing = () => {
    setMessage(null);
    setDraft({
      first_name: profile.first_name,
      last_name: profile.last_name,
      survey_responses: { ...profile.survey_responses },
    });
  };
  const cancel = () => {
    setMessage(null);
    setDraft(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft || saving) return;
    setSaving(true);
    setMessage(null);
    try {
      await readJson(memberApi.user.profile.$put({ json: draft }));
      setDraft(null);
      setMessage({ tone: "success", text: m.account_profile_updated() });
      // docs/product.md §4: a successful save leaves edit mode and reloads the profile.
      await loadProfile();
    } catch {
      setMessage({ tone: "error", text: m.account_profile_update_failed() });
    } finally {
      setSaving(false);
    }
  };

  const answered = questions.filter((q) => shown.survey_responses[String(q.id)]).length;

  return (
    <section className="container-page py-8 sm:py-12">
      <h1 className="text-3xl font-semibold text-sage-900 sm:text-4xl">{m.account_my_profile()}</h1>
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <ProfileSummary
          profile={profile}
          answered={questions.filter((q) => profile.survey_responses[String(q.id)]).length}
          total={questions.length}
          onSignOut={() => void getSessionManager().signOut()}
          suggestions={profile.temperament && suggestions ? suggestions(profile.temperament) : null}
        />

        <form onSubmit={onSubmit} className="grid gap-6">
          <ProfileSection
            title={m.account_personal_information()}
            row="flex items-center justify-between gap-3"
            beside={
              <button
                type="button"
                className="btn btn-outline min-h-10 px-4 py-1.5"
                onClick={editing ? cancel : startEditing}
              >
                {editing ? m.account_cancel() : m.account_edit()}
              </button>
            }
          >
            <div className="mt-5 grid gap-4 sm:grid-cols-2">
              {nameFields.map(({ field, label, autoComplete }) => (
                <TextField
                  key={field}
                  id={`${id}-${field}`}
                  label={label()}
                  autoComplete={autoComplete}
                  required
                  readOnly={!editing}
                  value={shown[field]}
                  onChange={(event) => setDraft((d) => d && { ...d, [field]: event.target.value })}
                  inputClassName={readOnlyField}
                />
              ))}
              <TextField
                id={`${id}-email`}
                label={m.account_email()}
                type="email"
                readOnly
                aria-describedby={`${id}-email-note`}
                value={profile.email}
                inputClassName={readOnlyField}
                className="sm:col-span-2"
                after={
                  <p id={`${id}-email-note`} className="mt-1.5 text-sm text-muted">
                    {m.account_email_cannot_change()}
                  </p>
                }
              />
            </div>
          </ProfileSection>

          <ProfileSection
            title={m.account_wellness_survey()}
            row="flex flex-wrap items-baseline justify-between gap-2"
            beside={
              <p className="text-sm font-medium text-sage-800">
                {m.account_answered({ answered, total: questions.length })}
              </p>
            }
          >
            {!editing ? <p className="mt-1 text-sm text-muted">{m.account_choose_edit()}</p> : null}
            <div className="mt-4">
              <SurveyQuestionList
                questions={questions}
                responses={shown.survey_responses}
                disabled={!editing}
                onAnswer={(questionId, option) =>
                  setDraft((d) => d && { ...d, survey_responses: { ...d.survey_responses, [questionId]: option } })
                }
              />
            </div>
          </ProfileSection>

          {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}

          {editing ? (
            <div className="flex flex-wrap justify-start gap-3 sm:justify-end">
              <button type="button" className="btn btn-outline" onClick={cancel} disabled={saving}>
                {m.account_cancel()}
              </button>
              <button type="submit" className="btn btn-primary" disabled={saving} aria-busy={saving}>
                {saving ? m.account_saving() : m.account_save_changes()}
              </button>
            </div>
          ) : null}
        </form>

        <ChangePasswordForm className="lg:col-start-2" />
        <ProfileLanguage className="lg:col-start-2" />
      </div>
    </section>
  );
}
