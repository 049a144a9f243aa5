import { useId } from "react";

/**
 * A labelled e-mail or password field for signing in (member and admin screens): the e-mail one
 * without autocorrect or capitals, both with the autocomplete hints password managers use.
 */
export function CredentialField({
  kind,
  label,
  value,
  onChange,
  className,
  name,
}: {
  kind: "email" | "password";
  label: string;
  value: string;
  onChange(value: string): void;
  className: string;
  name?: string;
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
        name={name}
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
