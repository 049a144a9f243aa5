import { SproutIcon } from "../../components/icons.tsx";
import { MessageScreen } from "../../components/message-screen.tsx";
import { m } from "../../paraglide/messages.js";
import { messageParts } from "./message-parts.tsx";

/** After the wizard (docs/product.md §2): registration is complete; the result comes by e-mail. */
export function SignupWelcome({ email }: { email: string }) {
  return (
    <MessageScreen
      title={m.account_welcome_title()}
      documentTitle={m.account_welcome()}
      focusTitle
      icon={SproutIcon}
      tone="calm"
      links={[{ to: "/signin", label: m.account_go_to_sign_in() }]}
      details={<p className="mx-auto mt-3 max-w-md text-muted">{m.account_result_by_email()}</p>}
    >
      {messageParts(m.account_registration_complete, {
        email: <strong className="break-all text-ink">{email}</strong>,
      })}
    </MessageScreen>
  );
}
