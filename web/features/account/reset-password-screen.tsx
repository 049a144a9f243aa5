import { Link, useLocation, useNavigate, useRouter } from "@tanstack/react-router";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { ApiResponseError, errorMessage } from "../../lib/api-client.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { getSessionManager } from "../../lib/session.ts";
import { m } from "../../paraglide/messages.js";
import { newPasswordError, updatePasswordErrorMessage } from "./account-messages.ts";
import { PasswordResetRequest } from "./email-request-form.tsx";
import { AccountCard, FormMessage, NewPasswordFields } from "./form-parts.tsx";

/** docs/product.md §9: the pause on the success message before going to sign-in. */
export const redirectDelayMs = 1200;

type LinkState =
  | { kind: "checking" }
  | { kind: "ready" }
  /** The link cannot be used (missing, used, expired, invalid): say so and offer a new one. */
  | { kind: "unusable"; message: string }
  /** No answer: the token was not spent, so the same link may be tried again. */
  | { kind: "unreachable"; message: string };

/** The token of a reset link (`/reset-password#token=…`). In the fragment, it never reaches a server log. */
function tokenFromHash(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, "")).get("token") || null;
}

/**
 * docs/product.md §2's Reset Password, reached from the e-mailed link: the link's token is exchanged for a
 * recovery session (PASSWORD_RECOVERY), the new password set with it, then sign-in after 1200 ms.
 */
export function ResetPasswordScreen() {
  useDocumentTitle(m.account_reset_password());
  const id = useId();
  const router = useRouter();
  const navigate = useNavigate();
  // Kept once read: the address bar loses it right after (below). A link pasted into this very
  // tab changes only the fragment, so a new token in the address is taken up too.
  const tokenInAddress = useLocation({ select: (location) => tokenFromHash(location.hash) });
  const [token, setToken] = useState(tokenInAddress);
  if (tokenInAddress && tokenInAddress !== token) setToken(tokenInAddress);
  const [attempt, setAttempt] = useState(0);
  const [link, setLink] = useState<LinkState>(
    token ? { kind: "checking" } : { kind: "unusable", message: m.account_reset_link_missing() },
  );
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [resetEmail, setResetEmail] = useState("");
  const redirect = useRef<number | undefined>(undefined);

  // The token stays out of the history, bookmarks and anything that reads the address later.
  useEffect(() => {
    if (tokenInAddress) router.history.replace(window.location.pathname + window.location.search);
  }, [router, tokenInAddress]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how Try again re-runs it
  useEffect(() => {
    if (!token) return;
    let current = true;
    setLink({ kind: "checking" });
    getSessionManager()
      .exchangeRecoveryToken(token)
      .then(
        () => current && setLink({ kind: "ready" }),
        (failure: unknown) => {
          if (!current) return;
          if (failure instanceof ApiResponseError) setLink({ kind: "unusable", message: failure.message });
          else setLink({ kind: "unreachable", message: errorMessage(failure, "") });
        },
      );
    return () => {
      current = false;
    };
  }, [token, attempt]);

  useEffect(() => () => window.clearTimeout(redirect.current), []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || done) return;
    const problem = newPasswordError(password, confirmPassword);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await getSessionManager().updatePassword(password);
      setDone(true);
      redirect.current = window.setTimeout(() => void navigate({ to: "/signin", replace: true }), redirectDelayMs);
    } catch (failure) {
      // The recovery session lasts 15 minutes: past that the link has to be asked for again.
      if (failure instanceof ApiResponseError && failure.status === 401)
        setLink({ kind: "unusable", message: m.account_reset_link_expired() });
      else setError(updatePasswordErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="container-page py-10 sm:py-16">
      <AccountCard className="max-w-md">
        <header className="text-center">
          <h1 className="text-3xl font-semibold text-sage-900 sm:text-4xl">{m.account_reset_password()}</h1>
          {link.kind === "unusable" ? null : <p className="mt-3 text-muted">{m.account_enter_new_password()}</p>}
        </header>

        {link.kind === "checking" ? (
          <p role="status" className="mt-8 text-center text-muted">
            {m.account_checking_link()}
          </p>
        ) : null}

        {link.kind === "unreachable" ? (
          <div className="mt-8 text-center">
            <FormMessage tone="error">{link.message}</FormMessage>
            <button type="button" className="btn btn-outline mt-4" onClick={() => setAttempt((n) => n + 1)}>
              {m.account_try_again()}
            </button>
          </div>
        ) : null}

        {link.kind === "unusable" ? (
          <div className="mt-8 space-y-5">
            <FormMessage tone="error">{link.message}</FormMessage>
            <p className="text-sm text-muted">{m.account_new_reset_link_intro()}</p>
            <PasswordResetRequest email={resetEmail} onEmailChange={setResetEmail} />
          </div>
        ) : null}

        {link.kind === "ready" ? (
          <form noValidate onSubmit={onSubmit} className="mt-8 space-y-4">
            <NewPasswordFields
              id={id}
              password={password}
              confirm={confirmPassword}
              onChange={(field, value) => (field === "password" ? setPassword : setConfirmPassword)(value)}
              disabled={done}
            />
            {error ? <FormMessage tone="error">{error}</FormMessage> : null}
            {done ? <FormMessage tone="success">{m.account_password_updated()}</FormMessage> : null}
            <button type="submit" className="btn btn-primary w-full" disabled={busy || done} aria-busy={busy}>
              {busy ? m.account_updating_password() : m.account_update_password()}
            </button>
          </form>
        ) : null}

        <p className="mt-8 text-center text-sm">
          <Link to="/signin" className="font-semibold text-sage-800 underline underline-offset-4">
            {m.account_back_to_sign_in()}
          </Link>
        </p>
      </AccountCard>
    </section>
  );
}
