import { useId } from "react";
import { minPasswordLength } from "../../../worker/contract/auth.ts";
import type { SurveyQuestion } from "../../../worker/contract/catalogue.ts";
import { ScrollArea } from "../../components/scroll-area.tsx";
import { m } from "../../paraglide/messages.js";
import { TextField } from "./form-parts.tsx";
import type { SignupDraft } from "./signup-draft.ts";
import type { AccountFields } from "./signup-validation.ts";

const accountFields: { name: keyof AccountFields; label: () => string; type: string; autoComplete: string }[] = [
  { name: "firstName", label: m.account_first_name, type: "text", autoComplete: "given-name" },
  { name: "lastName", label: m.account_last_name, type: "text", autoComplete: "family-name" },
  { name: "email", label: m.account_email, type: "email", autoComplete: "email" },
  { name: "password", label: m.account_password, type: "password", autoComplete: "new-password" },
  { name: "confirmPassword", label: m.account_confirm_password, type: "password", autoComplete: "new-password" },
];

/** What the review shows for a password typed in step 1: dots, in every language. */
const hiddenPassword = "••••••••";

/** Step 1: the five account fields (docs/product.md §3). Checked by `accountStepError` on Next. */
export function AccountStep({
  values,
  onChange,
}: {
  values: AccountFields;
  onChange(field: keyof AccountFields, value: string): void;
}) {
  const id = useId();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {accountFields.map(({ name, label, type, autoComplete }) => (
        <TextField
          key={name}
          id={`${id}-${name}`}
          label={label()}
          name={name}
          type={type}
          autoComplete={autoComplete}
          value={values[name]}
          onChange={(event) => onChange(name, event.target.value)}
          {...(type === "email" ? { inputMode: "email" as const, spellCheck: false, autoCapitalize: "none" } : {})}
          {...(type === "password" ? { minLength: minPasswordLength, "aria-describedby": `${id}-password-hint` } : {})}
          className={name === "email" ? "sm:col-span-2" : ""}
        />
      ))}
      <p id={`${id}-password-hint`} className="text-sm text-muted sm:col-span-2">
        {m.account_password_hint({ min: minPasswordLength })}
      </p>
    </div>
  );
}

/** Step 3: what will be sent, to check before creating the account. */
export function ReviewStep({
  draft,
  passwordEntered,
  questions,
  answered,
}: {
  draft: SignupDraft;
  passwordEntered: boolean;
  questions: readonly SurveyQuestion[];
  answered: number;
}) {
  return (
    <div className="space-y-6">
      <dl className="grid gap-x-6 gap-y-3 rounded-2xl bg-cream p-5 sm:grid-cols-[auto_1fr]">
        <dt className="text-sm font-medium text-muted">{m.account_review_name()}</dt>
        <dd className="font-medium break-words text-ink">
          {draft.firstName} {draft.lastName}
        </dd>
        <dt className="text-sm font-medium text-muted">{m.account_email()}</dt>
        <dd className="font-medium break-all text-ink">{draft.email}</dd>
        <dt className="text-sm font-medium text-muted">{m.account_password()}</dt>
        <dd className="text-ink">{passwordEntered ? hiddenPassword : m.account_password_not_kept()}</dd>
        <dt className="text-sm font-medium text-muted">{m.account_review_survey()}</dt>
        <dd className="text-ink">{m.account_answered({ answered, total: questions.length })}</dd>
      </dl>
      {questions.length > 0 ? (
        <ScrollArea label={m.account_your_answers()} className="p-4 text-sm">
          <ol className="space-y-3">
            {questions.map((question, index) => (
              <li key={question.id}>
                <p className="font-medium text-ink">
                  {index + 1}. {question.question}
                </p>
                <p className="mt-0.5 text-sage-800">{draft.surveyResponses[String(question.id)] ?? "—"}</p>
              </li>
            ))}
          </ol>
        </ScrollArea>
      ) : null}
    </div>
  );
}
