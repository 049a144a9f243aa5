import { Link } from "@tanstack/react-router";
import { SignInFields } from "../../components/credential-field.tsx";
import { ApiResponseError, errorMessage, NetworkError } from "../../lib/api-client.ts";
import { getSessionManager } from "../../lib/session.ts";
import { IncompleteSessionError } from "../../lib/session-manager.ts";
import { useSignIn } from "../../lib/use-sign-in.ts";
import { m } from "../../paraglide/messages.js";
import { inputClass } from "./admin-ui.tsx";

/**
 * docs/product.md §8's admin login failures: an answer without a token is "Admin login failed."; a refusal
 * shows the server's detail when it sent one, else "Invalid admin credentials. Please try again."
 */
export function adminLoginErrorMessage(error: unknown): string {
  if (error instanceof IncompleteSessionError) return m.admin_login_failed();
  // "http_error": the answer was not the API's (a proxy's page, say), so there is no detail.
  if (error instanceof ApiResponseError && error.code !== "http_error" && error.message) return error.message;
  // No answer at all: the app's one sentence for that, not a claim about the password.
  if (error instanceof NetworkError) return errorMessage(error, "");
  return m.admin_invalid_credentials();
}

/** docs/product.md §2's admin login: its own call (`POST /api/admin/login`), then the dashboard. */
export function AdminLogin() {
  const form = useSignIn({
    signIn: (address, secret) => getSessionManager().signInAsAdmin(address, secret),
    errorMessage: adminLoginErrorMessage,
  });

  return (
    <section className="container-page py-10 sm:py-16">
      <div className="mx-auto max-w-md rounded-3xl border border-sand bg-white/80 px-5 py-8 shadow-soft sm:px-10 sm:py-10">
        <header className="text-center">
          <p className="eyebrow">{m.admin_panel()}</p>
          <h1 className="mt-2 text-3xl font-semibold text-sage-900">{m.admin_sign_in_title()}</h1>
          <p className="mt-3 text-muted">{m.admin_sign_in_intro()}</p>
        </header>
        <form noValidate onSubmit={form.onSubmit} className="mt-8 space-y-4">
          <SignInFields
            form={form}
            emailLabel={m.admin_email_label()}
            passwordLabel={m.admin_password_label()}
            className={inputClass}
          />
          {form.error ? (
            <p
              role="alert"
              className="rounded-xl border border-terracotta-100 bg-terracotta-50 px-4 py-3 text-sm text-terracotta-700"
            >
              {form.error}
              {/* Locked out from this browser (ADR 0035): the reset e-mail, asked for on the sign-in
                  screen, is the way in. */}
              {form.locked ? (
                <>
                  {" "}
                  <Link to="/signin" className="font-semibold underline underline-offset-4">
                    {m.admin_reset_password()}
                  </Link>
                </>
              ) : null}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary w-full" disabled={form.busy} aria-busy={form.busy}>
            {form.busy ? m.admin_signing_in() : m.admin_sign_in_submit()}
          </button>
        </form>
        <p className="mt-6 text-center">
          <Link to="/" className="btn btn-outline">
            {m.admin_back_to_website()}
          </Link>
        </p>
      </div>
    </section>
  );
}
