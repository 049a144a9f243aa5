import { Link } from "@tanstack/react-router";
import { useState } from "react";
import type { VerifyProblem } from "../../../worker/contract/auth.ts";
import { ScrollIcon } from "../../components/icons.tsx";
import { MessageScreen } from "../../components/message-screen.tsx";
import { api, errorMessage, readJson } from "../../lib/api-client.ts";
import { m } from "../../paraglide/messages.js";
import { EmailRequestForm } from "./email-request-form.tsx";

const problems: Record<VerifyProblem, { title: () => string; text: () => string }> = {
  used: { title: m.account_link_used_title, text: m.account_link_used_text },
  expired: { title: m.account_link_expired_title, text: m.account_link_expired_text },
  invalid: { title: m.account_link_invalid_title, text: m.account_link_invalid_text },
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
      title={title()}
      icon={ScrollIcon}
      tone="warm"
      details={
        <>
          <div className="mt-8 text-left">
            <EmailRequestForm
              email={email}
              onEmailChange={setEmail}
              send={(address) => readJson(api.auth.verify.resend.$post({ json: { email: address } }))}
              submitLabel={m.account_send_new_link()}
              busyLabel={m.account_sending()}
              sentMessage={m.account_new_link_sent()}
              failureMessage={(failure) => errorMessage(failure, m.account_new_link_failed())}
            />
          </div>
          <p className="mt-8 text-sm text-muted">
            {m.account_already_confirmed()}{" "}
            <Link to="/signin" className="font-semibold text-sage-800 underline underline-offset-4">
              {m.account_sign_in()}
            </Link>
          </p>
        </>
      }
    >
      {text()}
    </MessageScreen>
  );
}
