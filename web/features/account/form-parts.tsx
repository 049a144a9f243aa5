import { Link } from "@tanstack/react-router";
import { type ComponentProps, type ReactNode, useId } from "react";
import { minPasswordLength } from "../../../worker/contract/auth.ts";
import { m } from "../../paraglide/messages.js";
import { messageParts } from "./message-parts.tsx";

/** The account screens' text field: tall enough to tap, one look across sign-up, sign-in, reset. */
export const fieldClass =
  "mt-1.5 h-12 w-full rounded-xl border border-sand bg-white px-4 text-base text-ink shadow-soft placeholder:text-muted focus-visible:border-sage-600 focus-visible:outline-2 focus-visible:outline-offset-0";

/** A message the screen just produced: read out at once (an error) or politely (a success). */
export function FormMessage({
  tone,
  children,
  className = "",
}: {
  tone: "error" | "success";
  children: ReactNode;
  className?: string;
}) {
  return tone === "error" ? (
    <p
      role="alert"
      className={`rounded-xl border border-terracotta-100 bg-terracotta-50 px-4 py-3 text-sm text-terracotta-700 ${className}`}
    >
      {children}
    </p>
  ) : (
    <p role="status" className={`rounded-xl bg-sage-50 px-4 py-3 text-sm text-sage-800 ${className}`}>
      {children}
    </p>
  );
}

/** The card the account screens sit in. */
export function AccountCard({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={`mx-auto rounded-3xl border border-sand bg-white/80 px-5 py-8 shadow-soft sm:px-10 sm:py-10 ${className}`}
    >
      {children}
    </div>
  );
}

/**
 * One of the profile's cards, named by its heading. What stands `beside` the heading shares its
 * row, laid out by `row`.
 */
export function ProfileSection({
  title,
  beside,
  row,
  className = "",
  children,
}: {
  title: string;
  beside?: ReactNode;
  row?: string;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  const heading = (
    <h2 id={id} className="text-xl font-semibold text-sage-900">
      {title}
    </h2>
  );
  return (
    <section
      aria-labelledby={id}
      className={`rounded-3xl border border-sand bg-white/80 p-5 shadow-soft sm:p-7 ${className}`}
    >
      {beside ? (
        <div className={row}>
          {heading}
          {beside}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

/**
 * A text field under its label. The input's own props pass through (`id` included); `className`
 * is the wrapper's, `inputClassName` the input's, and `after` follows the input (a note).
 */
export function TextField({
  label,
  className,
  inputClassName = fieldClass,
  after,
  ...input
}: ComponentProps<"input"> & { id: string; label: string; inputClassName?: string; after?: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={input.id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input {...input} className={inputClassName} />
      {after}
    </div>
  );
}

/**
 * A new password and its confirmation (Reset Password, Change Password), with the length rule
 * both fields point to. The parent lays them out; the rule spans a two-column grid.
 */
export function NewPasswordFields({
  id,
  password,
  confirm,
  onChange,
  disabled,
}: {
  id: string;
  password: string;
  confirm: string;
  onChange(field: "password" | "confirm", value: string): void;
  disabled?: boolean;
}) {
  const field = (name: "password" | "confirm", label: string, value: string) => (
    <TextField
      id={`${id}-${name}`}
      label={label}
      type="password"
      autoComplete="new-password"
      required
      minLength={minPasswordLength}
      aria-describedby={`${id}-hint`}
      value={value}
      onChange={(event) => onChange(name, event.target.value)}
      disabled={disabled}
    />
  );
  return (
    <>
      {field("password", m.account_new_password(), password)}
      {field("confirm", m.account_confirm_new_password(), confirm)}
      <p id={`${id}-hint`} className="text-sm text-muted sm:col-span-2">
        {m.account_password_hint({ min: minPasswordLength })}
      </p>
    </>
  );
}

/**
 * The note under sign-in and sign-up: doing it means agreeing to the terms and privacy policy.
 * `sentence` is the screen's message, with the two links as its parameters.
 */
export function AgreementNote({ sentence }: { sentence: (links: { terms: string; privacy: string }) => string }) {
  return (
    <p className="mt-4 text-center text-xs text-muted">
      {messageParts(sentence, {
        terms: (
          <Link to="/terms" className="underline underline-offset-2 hover:text-sage-800">
            {m.account_agreement_terms()}
          </Link>
        ),
        privacy: (
          <Link to="/privacy" className="underline underline-offset-2 hover:text-sage-800">
            {m.account_agreement_privacy()}
          </Link>
        ),
      })}
    </p>
  );
}
