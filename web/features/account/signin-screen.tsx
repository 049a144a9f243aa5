import { Link } from "@tanstack/react-router";
import { type FormEvent, useId, useState } from "react";
import { SignInFields } from "../../components/credential-field.tsx";
import { ChevronDownIcon } from "../../components/icons.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { getSessionManager } from "../../lib/session.ts";
import { useSignIn } from "../../lib/use-sign-in.ts";
import { m } from "../../paraglide/messages.js";
import { signInErrorMessage } from "./account-messages.ts";
import { PasswordResetRequest } from "./email-request-form.tsx";
import { AccountCard, AgreementNote, FormMessage, fieldClass } from "./form-parts.tsx";

/**
 * docs/product.md §2's sign-in. On success the session is stored and the route's guest-only guard
 * takes the member to / (the administrator to /admin), replacing this entry.
 */
export function SigninScreen() {
  useDocumentTitle(m.account_sign_in());
  const id = useId();
  const [resetOpen, setResetOpen] = useState(false);
  const [resetEmail, setResetEmail] = useState("");
  const form = useSignIn({
    signIn: (address, secret) => getSessionManager().signIn(address, secret),
    errorMessage: signInErrorMessage,
    // Locked out from this browser (ADR 0035): the reset e-mail is the way in, so offer it.
    onLocked: (typedEmail) => {
      setResetEmail(typedEmail.trim());
      setResetOpen(true);
    },
  });

  // One message at a time (issue 38): the form submitted last speaks. The reset panel's message
  // goes with a new sign-in (its form starts afresh, the address kept), the sign-in's error with
  // a reset request.
  const [speaking, setSpeaking] = useState<"sign-in" | "reset">("sign-in");
  const [resetRound, setResetRound] = useState(0);
  const onSignIn = (event: FormEvent) => {
    if (speaking === "reset") setResetRound((round) => round + 1);
    setSpeaking("sign-in");
    return form.onSubmit(event);
  };

  const toggleReset = () => {
    // The address typed above is most likely the one to reset.
    if (!resetOpen && !resetEmail) setResetEmail(form.email.trim());
    setResetOpen((open) => !open);
  };

  return (
    <section className="container-page py-10 sm:py-16">
      <AccountCard className="max-w-md">
        <header className="text-center">
          <h1 className="text-3xl font-semibold text-sage-900 sm:text-4xl">{m.account_welcome_back()}</h1>
          <p className="mt-3 text-muted">{m.account_sign_in_intro()}</p>
        </header>

        <form noValidate onSubmit={onSignIn} className="mt-8 space-y-4">
          <SignInFields form={form} className={fieldClass} />

          {form.error && speaking === "sign-in" ? <FormMessage tone="error">{form.error}</FormMessage> : null}

          <button type="submit" className="btn btn-primary w-full" disabled={form.busy} aria-busy={form.busy}>
            {form.busy ? m.account_signing_in() : m.account_sign_in()}
          </button>
        </form>

        <div className="mt-6 border-t border-sand pt-5">
          <button
            type="button"
            aria-expanded={resetOpen}
            aria-controls={`${id}-reset`}
            onClick={toggleReset}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-full text-sm font-semibold text-sage-800 underline-offset-4 hover:underline"
          >
            {m.account_forgot_password()}
            <ChevronDownIcon className={`size-4 transition-transform ${resetOpen ? "rotate-180" : ""}`} />
          </button>
          <section
            id={`${id}-reset`}
            hidden={!resetOpen}
            aria-label={m.account_reset_your_password()}
            className="mt-3 rounded-2xl bg-linen p-4"
          >
            <p className="mb-3 text-sm text-muted">{m.account_reset_panel_intro()}</p>
            <PasswordResetRequest
              key={resetRound}
              email={resetEmail}
              onEmailChange={setResetEmail}
              onSubmit={() => setSpeaking("reset")}
            />
          </section>
        </div>

        <p className="mt-6 text-center text-sm text-muted">
          {m.account_no_account()}{" "}
          <Link to="/signup" className="font-semibold text-sage-800 underline underline-offset-4">
            {m.account_sign_up()}
          </Link>
        </p>
        <AgreementNote sentence={m.account_agreement_sign_in} />
      </AccountCard>
    </section>
  );
}
