import { Link } from "@tanstack/react-router";
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { SignupResponse } from "../../../worker/contract/auth.ts";
import type { SurveyQuestion } from "../../../worker/contract/catalogue.ts";
import { ErrorPanel } from "../../components/error-panel.tsx";
import { api, errorMessage, readJson } from "../../lib/api-client.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { m } from "../../paraglide/messages.js";
import { AgreementNote } from "./form-parts.tsx";
import { clearDraft, loadDraft, type SignupDraft, saveDraft } from "./signup-draft.ts";
import { SignupProgress } from "./signup-progress.tsx";
import { AccountStep, ReviewStep } from "./signup-steps.tsx";
import { accountStepError, surveyStepError } from "./signup-validation.ts";
import { SignupWelcome } from "./signup-welcome.tsx";
import { SurveyQuestionList } from "./survey-question-list.tsx";

const signupStepTitles = () => [m.account_step_account_details(), m.account_wellness_survey(), m.account_step_review()];

/**
 * docs/product.md §2's three-step sign-up wizard: account details, the 20-question temperament test, a
 * review; then the welcome screen. Everything but the passwords is kept in session storage as it
 * is typed, so going back and forth or reloading loses nothing (signup-draft.ts). When the
 * questions could not be loaded (offline), step 2 says so with Try again, and offers no Next: the
 * server refuses a sign-up without the test's answers.
 */
export function SignupScreen({
  questions,
  questionsFailed,
  onReloadQuestions,
}: {
  questions: SurveyQuestion[];
  questionsFailed: boolean;
  onReloadQuestions(): Promise<void>;
}) {
  useDocumentTitle(m.account_sign_up());
  const stepTitles = signupStepTitles();
  const [draft, setDraft] = useState<SignupDraft>(loadDraft);
  const [passwords, setPasswords] = useState({ password: "", confirmPassword: "" });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [registered, setRegistered] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const movedStep = useRef(false);

  useEffect(() => {
    if (!registered) saveDraft(draft);
  }, [draft, registered]);

  // After Previous or Next, take keyboard and screen-reader focus to the new step's heading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs because the step changed
  useEffect(() => {
    if (!movedStep.current) return;
    stepHeading.current?.focus();
    stepHeading.current?.scrollIntoView({ block: "nearest" });
  }, [draft.step]);

  if (registered) return <SignupWelcome email={registered} />;

  const account = { ...draft, ...passwords };
  const goTo = (step: SignupDraft["step"]) => {
    movedStep.current = true;
    setDraft((d) => ({ ...d, step }));
  };

  const next = () => {
    const problem =
      draft.step === 1
        ? accountStepError(account)
        : surveyStepError(
            questions.map((q) => q.id),
            draft.surveyResponses,
          );
    setError(problem);
    if (!problem) goTo(draft.step === 1 ? 2 : 3);
  };

  const createAccount = async () => {
    // After a reload the passwords are gone (they are never stored): step 1 asks for them again.
    const accountProblem = accountStepError(account);
    if (accountProblem) {
      setError(accountProblem);
      goTo(1);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer: SignupResponse = await readJson(
        api.auth.signup.$post({
          json: {
            first_name: draft.firstName,
            last_name: draft.lastName,
            email: draft.email,
            password: passwords.password,
            survey_responses: draft.surveyResponses,
          },
        }),
      );
      clearDraft();
      setRegistered(answer.email);
    } catch (failure) {
      setError(errorMessage(failure, m.account_registration_failed()));
    } finally {
      setBusy(false);
    }
  };

  const reloadQuestions = () => {
    setReloading(true);
    void onReloadQuestions().finally(() => setReloading(false));
  };
  const questionsMissing = draft.step === 2 && questionsFailed;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || questionsMissing) return;
    if (draft.step === 3) void createAccount();
    else next();
  };

  const answered = questions.filter((q) => draft.surveyResponses[String(q.id)]).length;

  return (
    <section className="container-page py-10 sm:py-16">
      <div className="mx-auto max-w-2xl rounded-3xl border border-sand bg-white/80 px-5 py-8 shadow-soft sm:px-10 sm:py-10">
        <header className="text-center">
          <h1 className="text-3xl font-semibold text-sage-900 sm:text-4xl">{m.account_create_your_account()}</h1>
          <p className="mx-auto mt-3 max-w-md text-muted">{m.account_signup_intro()}</p>
        </header>

        <SignupProgress step={draft.step} titles={stepTitles} />

        <form noValidate onSubmit={onSubmit} className="mt-8">
          <h2 ref={stepHeading} tabIndex={-1} className="text-xl font-semibold text-sage-900 outline-none">
            {stepTitles[draft.step - 1]}
          </h2>

          <div className="mt-5">
            {draft.step === 1 ? (
              <AccountStep
                values={account}
                onChange={(field, value) => {
                  if (field === "password" || field === "confirmPassword")
                    setPasswords((p) => ({ ...p, [field]: value }));
                  else setDraft((d) => ({ ...d, [field]: value }));
                }}
              />
            ) : null}
            {questionsMissing ? (
              <ErrorPanel
                message={m.account_survey_questions_not_loaded()}
                onRetry={reloadQuestions}
                retryLabel={m.account_try_again()}
                busy={reloading}
              />
            ) : null}
            {draft.step === 2 && !questionsFailed ? (
              <>
                <p className="mb-3 text-sm font-medium text-sage-800" aria-live="polite">
                  {m.account_answered({ answered, total: questions.length })}
                </p>
                <SurveyQuestionList
                  questions={questions}
                  responses={draft.surveyResponses}
                  onAnswer={(questionId, option) =>
                    setDraft((d) => ({ ...d, surveyResponses: { ...d.surveyResponses, [questionId]: option } }))
                  }
                />
                {questions.length === 0 ? (
                  <button
                    type="button"
                    className="btn btn-outline mt-4"
                    onClick={reloadQuestions}
                    disabled={reloading}
                    aria-busy={reloading}
                  >
                    {m.account_try_again()}
                  </button>
                ) : null}
              </>
            ) : null}
            {draft.step === 3 ? (
              <ReviewStep
                draft={draft}
                passwordEntered={passwords.password !== ""}
                questions={questions}
                answered={answered}
              />
            ) : null}
          </div>

          {error ? (
            <p
              role="alert"
              className="mt-6 rounded-xl border border-terracotta-100 bg-terracotta-50 px-4 py-3 text-sm text-terracotta-700"
            >
              {error}
            </p>
          ) : null}

          <div className="mt-8 flex items-center justify-between gap-3">
            <button
              type="button"
              className="btn btn-outline"
              disabled={draft.step === 1 || busy}
              onClick={() => {
                setError(null);
                goTo(draft.step === 3 ? 2 : 1);
              }}
            >
              {m.account_previous()}
            </button>
            {questionsMissing ? null : (
              <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
                {draft.step < 3 ? m.account_next() : busy ? m.account_creating_account() : m.account_create_account()}
              </button>
            )}
          </div>
        </form>

        <p className="mt-8 text-center text-sm text-muted">
          {m.account_have_account()}{" "}
          <Link to="/signin" className="font-semibold text-sage-800 underline underline-offset-4">
            {m.account_sign_in()}
          </Link>
        </p>
        <AgreementNote sentence={m.account_agreement_sign_up} />
      </div>
    </section>
  );
}
