import { useId } from "react";
import type { SignInForm } from "../lib/use-sign-in.ts";
import { m } from "../paraglide/messages.js";

/**
 * A labelled e-mail or password field for signing in (member and admin screens): the e-mail one
 * without autocorrect or capitals, both with the names and autocomplete hints password managers
 * use.
 */
export function CredentialField({
  kind,
  label,
  value,
  onChange,
  className,
}: {
  kind: "email" | "password";
  label: string;
  value: string;
  onChange(value: string): void;
  className: string;
}) {
  const id = useId();
  const email = kind === "email";
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        name={kind}
        type={kind}
        autoComplete={email ? "username" : "current-password"}
        {...(email ? { inputMode: "email" as const, spellCheck: false, autoCapitalize: "none" } : {})}
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={className}
      />
    </div>
  );
}

/** The e-mail and password fields of a sign-in form, over `useSignIn`'s state. */
export function SignInFields({
  form,
  emailLabel = m.credential_email(),
  passwordLabel = m.credential_password(),
  className,
}: {
  form: Pick<SignInForm, "email" | "setEmail" | "password" | "setPassword">;
  emailLabel?: string;
  passwordLabel?: string;
  className: string;
}) {
  const fields = [
    { kind: "email", label: emailLabel, value: form.email, onChange: form.setEmail },
    { kind: "password", label: passwordLabel, value: form.password, onChange: form.setPassword },
  ] as const;
  return fields.map((field) => <CredentialField key={field.kind} {...field} className={className} />);
}
