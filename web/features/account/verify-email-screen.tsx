import { Link } from "@tanstack/react-router";
import { type FormEvent, useId, useState } from "react";
import type { VerifyProblem } from "../../../worker/contract/auth.ts";
import { ScrollIcon } from "../../components/icons.tsx";
import { api, errorMessage, readJson } from "../../lib/api-client.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";

const problems: Record<VerifyProblem, { title: string; text: string }> = {
  used: {
    title: "This link has already been used",
    text: "Your e-mail address may already be confirmed: try signing in. If it is not, ask for a new link below.",
  },
  expired: {
    title: "This link has expired",
    text: "Confirmation links work for 24 hours. Ask for a new one below.",
  },
  invalid: {
    title: "This link does not work",
    text: "It may be incomplete, or a newer link has replaced it. Ask for a new one below.",
  },
};

/**
 * Where a verification link that did not work leads (`/verify-email?problem=`): says why, and
 * sends a new link. The API answers the same for every address, so this screen does too.
 */
export function VerifyEmailScreen({ problem }: { problem: VerifyProblem }) {
  const { title, text } = problems[problem];
  useDocumentTitle(title);
  const id = useId();
  const [email, setEmail] = useState("");
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError("Please enter your email address.");
      return;
    }
    setState("sending");
    setError(null);
    try {
      await readJson(api.auth.verify.resend.$post({ json: { email } }));
      setState("sent");
    } catch (failure) {
      setError(errorMessage(failure, "Failed to send a new link. Please try again."));
      setState("idle");
    }
  };

  return (
    <section className="container-page py-16 sm:py-24">
      <div className="mx-auto max-w-xl rounded-3xl border border-sand bg-white/80 px-6 py-12 shadow-soft sm:px-12">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-terracotta-50 text-terracotta-600">
          <ScrollIcon className="size-7" />
        </span>
        <h1 className="mt-6 text-center text-3xl font-semibold text-sage-900 sm:text-4xl">{title}</h1>
        <p className="mx-auto mt-4 max-w-md text-center text-muted">{text}</p>

        {state === "sent" ? (
          <p role="status" className="mt-8 rounded-xl bg-sage-50 px-4 py-3 text-center text-sage-800">
            If {email.trim().toLowerCase()} has an account waiting for confirmation, a new link is on its way. Please
            check your spam folder too.
          </p>
        ) : (
          <form noValidate onSubmit={onSubmit} className="mt-8">
            <label htmlFor={`${id}-email`} className="text-sm font-medium text-ink">
              Email
            </label>
            <div className="mt-1.5 flex flex-col gap-3 sm:flex-row">
              <input
                id={`${id}-email`}
                type="email"
                inputMode="email"
                autoComplete="email"
                spellCheck={false}
                autoCapitalize="none"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                className="h-12 w-full rounded-xl border border-sand bg-white px-4 text-base text-ink shadow-soft focus-visible:border-sage-600 focus-visible:outline-2 focus-visible:outline-offset-0"
              />
              <button type="submit" className="btn btn-primary shrink-0" disabled={state === "sending"}>
                {state === "sending" ? "Sending..." : "Send a new link"}
              </button>
            </div>
            {error ? (
              <p role="alert" className="mt-3 text-sm text-terracotta-700">
                {error}
              </p>
            ) : null}
          </form>
        )}

        <p className="mt-8 text-center text-sm text-muted">
          Already confirmed?{" "}
          <Link to="/signin" className="font-semibold text-sage-800 underline underline-offset-4">
            Sign In
          </Link>
        </p>
      </div>
    </section>
  );
}
