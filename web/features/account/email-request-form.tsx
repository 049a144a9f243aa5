import { type FormEvent, useId, useState } from "react";
import { foldEmail } from "../../../worker/contract/auth.ts";
import { getSessionManager } from "../../lib/session.ts";
import { m } from "../../paraglide/messages.js";
import { resetRequestErrorMessage } from "./account-messages.ts";
import { FormMessage, fieldClass } from "./form-parts.tsx";

/**
 * A one-field form that asks the server to e-mail an address (a reset link, a new verification
 * link), with docs/product.md §5's empty-address message, a busy label, and one sentence for success.
 */
export function EmailRequestForm({
  email,
  onEmailChange,
  label = m.account_email(),
  send,
  submitLabel,
  busyLabel,
  sentMessage,
  failureMessage,
  onSubmit: onSubmitted,
}: {
  email: string;
  onEmailChange(email: string): void;
  label?: string;
  send(address: string): Promise<unknown>;
  submitLabel: string;
  busyLabel: string;
  sentMessage: string;
  failureMessage(failure: unknown): string;
  /** The form is submitted: a screen with another form's message clears it (one message at a time). */
  onSubmit?(): void;
}) {
  const id = useId();
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (state === "sending") return;
    onSubmitted?.();
    const address = foldEmail(email);
    if (!address) {
      setError(m.account_enter_email());
      setState("idle");
      return;
    }
    setState("sending");
    setError(null);
    try {
      await send(address);
      setState("sent");
    } catch (failure) {
      setError(failureMessage(failure));
      setState("idle");
    }
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <label htmlFor={`${id}-email`} className="text-sm font-medium text-ink">
        {label}
      </label>
      <div className="grid gap-3">
        <input
          id={`${id}-email`}
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          autoCapitalize="none"
          required
          value={email}
          onChange={(event) => onEmailChange(event.target.value)}
          className={fieldClass}
        />
        <button type="submit" className="btn btn-outline w-full" disabled={state === "sending"}>
          {state === "sending" ? busyLabel : submitLabel}
        </button>
      </div>
      {error ? (
        <FormMessage tone="error" className="mt-3">
          {error}
        </FormMessage>
      ) : null}
      {state === "sent" ? (
        <FormMessage tone="success" className="mt-3">
          {sentMessage}
        </FormMessage>
      ) : null}
    </form>
  );
}

/**
 * Asks for the password reset e-mail (docs/product.md §2's reset panel): the sign-in screen's "Forgot your
 * password?" panel, and the reset screen's offer of a new link when one has run out. The API
 * answers alike for every address, so the success sentence promises nothing about the account.
 */
export function PasswordResetRequest({
  email,
  onEmailChange,
  label = m.account_email(),
  onSubmit,
}: {
  email: string;
  onEmailChange(email: string): void;
  label?: string;
  onSubmit?(): void;
}) {
  return (
    <EmailRequestForm
      email={email}
      onEmailChange={onEmailChange}
      label={label}
      onSubmit={onSubmit}
      send={(address) => getSessionManager().requestPasswordReset(address)}
      submitLabel={m.account_send_reset_email()}
      busyLabel={m.account_sending_reset_email()}
      sentMessage={m.account_reset_email_sent()}
      failureMessage={resetRequestErrorMessage}
    />
  );
}
