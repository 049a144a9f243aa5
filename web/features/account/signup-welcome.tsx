import { Link } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { SproutIcon } from "../../components/icons.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";

/** After the wizard (SPEC §2): registration is complete; the result comes by e-mail. */
export function SignupWelcome({ email }: { email: string }) {
  useDocumentTitle("Welcome");
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="container-page py-16 sm:py-24">
      <div className="mx-auto max-w-xl rounded-3xl border border-sand bg-white/80 px-6 py-12 text-center shadow-soft sm:px-12">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-sage-100 text-sage-700">
          <SproutIcon className="size-7" />
        </span>
        <h1 ref={heading} tabIndex={-1} className="mt-6 text-3xl font-semibold text-sage-900 outline-none sm:text-4xl">
          Welcome to the product
        </h1>
        <p className="mx-auto mt-4 max-w-md text-muted">
          Your registration is complete. We sent a link to <strong className="break-all text-ink">{email}</strong> to
          confirm your e-mail address.
        </p>
        <p className="mx-auto mt-3 max-w-md text-muted">
          Your temperament test result will be e-mailed to you within 24 hours. Please check your spam folder too.
        </p>
        <Link to="/signin" className="btn btn-primary mt-8 px-8">
          Go to Sign In
        </Link>
      </div>
    </section>
  );
}
