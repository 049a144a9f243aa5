import { SproutIcon } from "../../components/icons.tsx";
import { MessageScreen } from "../../components/message-screen.tsx";

/** After the wizard (docs/product.md §2): registration is complete; the result comes by e-mail. */
export function SignupWelcome({ email }: { email: string }) {
  return (
    <MessageScreen
      title="Welcome to the product"
      documentTitle="Welcome"
      focusTitle
      icon={SproutIcon}
      tone="calm"
      links={[{ to: "/signin", label: "Go to Sign In" }]}
      details={
        <p className="mx-auto mt-3 max-w-md text-muted">
          Your temperament test result will be e-mailed to you within 24 hours. Please check your spam folder too.
        </p>
      }
    >
      Your registration is complete. We sent a link to <strong className="break-all text-ink">{email}</strong> to
      confirm your e-mail address.
    </MessageScreen>
  );
}
