import { Link } from "@tanstack/react-router";
import { useState } from "react";
import type { VerifyProblem } from "../../../worker/contract/auth.ts";
import { ScrollIcon } from "../../components/icons.tsx";
import { MessageScreen } from "../../components/message-screen.tsx";
import { api, errorMessage, readJson } from "../../lib/api-client.ts";
import { EmailRequestForm } from "./email-request-form.tsx";

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
    text: "It may be incomplete or replaced by a newer link, or your address was confirmed with another link: try signing in. If not, ask for a new one below.",
  },
};

/**
 * Where a verification link that did not work leads (`/verify-email?problem=`): says why, and
 * sends a new link. The API answers the same for every address, so this screen does too.
 */
export function VerifyEmailScreen({ problem }: { problem: VerifyProblem }) {
  const { title, text } = problems[problem];
  const [email, setEmail] = useState("");

  return (
    <MessageScreen
      title={title}
      icon={ScrollIcon}
      tone="warm"
      details={
        <>
          <div className="mt-8 text-left">
            <EmailRequestForm
              email={email}
              onEmailChange={setEmail}
              send={(address) => readJson(api.auth.verify.resend.$post({ json: { email: address } }))}
              submitLabel="Send a new link"
              busyLabel="Sending..."
              sentMessage="If this address has an account waiting for confirmation, a new link is on its way. Please check your spam folder too."
              failureMessage={(failure) => errorMessage(failure, "Failed to send a new link. Please try again.")}
            />
          </div>
          <p className="mt-8 text-sm text-muted">
            Already confirmed?{" "}
            <Link to="/signin" className="font-semibold text-sage-800 underline underline-offset-4">
              Sign In
            </Link>
          </p>
        </>
      }
    >
      {text}
    </MessageScreen>
  );
}
