import { type FormEvent, useId, useState } from "react";
import { getSessionManager } from "../../lib/session.ts";
import { m } from "../../paraglide/messages.js";
import { changePasswordError, changePasswordErrorMessage } from "./account-messages.ts";
import { FormMessage, NewPasswordFields, ProfileSection, TextField } from "./form-parts.tsx";

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
      setMessage({ tone: "success", text: m.account_password_changed() });
    } catch (failure) {
      setMessage({ tone: "error", text: changePasswordErrorMessage(failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ProfileSection title={m.account_change_password_title()} className={className}>
      <p className="mt-1 text-sm text-muted">{m.account_change_password_note()}</p>
      <form noValidate onSubmit={onSubmit} className="mt-5 grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-current`}
          label={m.account_current_password()}
          type="password"
          autoComplete="current-password"
          required
          value={fields.current}
          onChange={(event) => setFields((f) => ({ ...f, current: event.target.value }))}
          className="sm:col-span-2"
        />
        <NewPasswordFields
          id={id}
          password={fields.password}
          confirm={fields.confirm}
          onChange={(field, value) => setFields((f) => ({ ...f, [field]: value }))}
        />
        {message ? (
          <FormMessage tone={message.tone} className="sm:col-span-2">
            {message.text}
          </FormMessage>
        ) : null}
        {/* Left on phones: the floating contact button sits at the right edge. */}
        <div className="flex justify-start sm:col-span-2 sm:justify-end">
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            {busy ? m.account_changing_password() : m.account_change_password()}
          </button>
        </div>
      </form>
    </ProfileSection>
  );
}
