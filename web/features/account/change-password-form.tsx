import { type FormEvent, useId, useState } from "react";
import { minPasswordLength } from "../../../worker/contract/auth.ts";
import { getSessionManager } from "../../lib/session.ts";
import { changePasswordError, changePasswordErrorMessage } from "./account-messages.ts";
import { FormMessage, fieldClass } from "./form-parts.tsx";

const emptyFields = { current: "", password: "", confirm: "" };

/**
 * The profile's Change Password (ADR 0033): the current password proves the member is the one
 * at the keyboard. The server ends the account's other sessions; this one stays signed in.
 */
export function ChangePasswordForm({ className = "" }: { className?: string }) {
  const id = useId();
  const [fields, setFields] = useState(emptyFields);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = changePasswordError(fields.current, fields.password, fields.confirm);
    setMessage(problem ? { tone: "error", text: problem } : null);
    if (problem) return;
    setBusy(true);
    try {
      await getSessionManager().updatePassword(fields.password, { currentPassword: fields.current });
      setFields(emptyFields);
      setMessage({ tone: "success", text: "Password changed successfully!" });
    } catch (failure) {
      setMessage({ tone: "error", text: changePasswordErrorMessage(failure) });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof typeof emptyFields, label: string, autoComplete: string, className = "") => (
    <div className={className}>
      <label htmlFor={`${id}-${name}`} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        type="password"
        autoComplete={autoComplete}
        required
        {...(name === "current" ? {} : { minLength: minPasswordLength, "aria-describedby": `${id}-hint` })}
        value={fields[name]}
        onChange={(event) => setFields((f) => ({ ...f, [name]: event.target.value }))}
        className={fieldClass}
      />
    </div>
  );

  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`rounded-3xl border border-sand bg-white/80 p-5 shadow-soft sm:p-7 ${className}`}
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold text-sage-900">
        Change Password
      </h2>
      <p className="mt-1 text-sm text-muted">Your other devices will be signed out; this one stays signed in.</p>
      <form noValidate onSubmit={onSubmit} className="mt-5 grid gap-4 sm:grid-cols-2">
        {field("current", "Current Password", "current-password", "sm:col-span-2")}
        {field("password", "New Password", "new-password")}
        {field("confirm", "Confirm New Password", "new-password")}
        <p id={`${id}-hint`} className="text-sm text-muted sm:col-span-2">
          At least 6 characters.
        </p>
        {message ? (
          <FormMessage tone={message.tone} className="sm:col-span-2">
            {message.text}
          </FormMessage>
        ) : null}
        {/* Left on phones: the floating contact button sits at the right edge. */}
        <div className="flex justify-start sm:col-span-2 sm:justify-end">
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            {busy ? "Changing..." : "Change Password"}
          </button>
        </div>
      </form>
    </section>
  );
}
