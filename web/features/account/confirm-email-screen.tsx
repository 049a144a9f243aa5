import { useLocation, useNavigate, useRouter } from "@tanstack/react-router";
import { type FormEvent, useEffect, useState } from "react";
import { type VerifyProblem, verifyProblems } from "../../../worker/contract/auth.ts";
import { CredentialField } from "../../components/credential-field.tsx";
import { ScrollIcon } from "../../components/icons.tsx";
import { MessageScreen } from "../../components/message-screen.tsx";
import { ApiResponseError, api, errorMessage, readJson } from "../../lib/api-client.ts";
import { m } from "../../paraglide/messages.js";
import { FormMessage, fieldClass } from "./form-parts.tsx";

/** The token of a verification link that was followed elsewhere (`/confirm-email#token=…`). */
function tokenFromHash(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, "")).get("token") || null;
}

/** The title with its hyphenated words ("e-mail", "E-posta") kept whole: a phone's line breaks at the hyphen. */
function keepHyphenatedWordsWhole(text: string) {
  return text.split(/(\S+-\S+)/).map((piece, index) =>
    index % 2 === 1 ? (
      <span key={piece} className="whitespace-nowrap">
        {piece}
      </span>
    ) : (
      piece
    ),
  );
}

/** A link problem the server named (`link_used`, …), for the page that explains it. */
function linkProblem(failure: unknown): VerifyProblem | null {
  if (!(failure instanceof ApiResponseError)) return null;
  const problem = failure.code.replace(/^link_/, "");
  return verifyProblems.find((p) => p === problem) ?? null;
}

/**
 * Where a verification link leads when it is followed in a browser other than the one that signed
 * up (docs/decisions/0034-pending-registrations.md): the address is confirmed only with the
 * password chosen at that sign-up, so a stranger who signed up with someone's address cannot have
 * the owner confirm the stranger's password by clicking the link in their mailbox.
 */
export function ConfirmEmailScreen() {
  const router = useRouter();
  const navigate = useNavigate();
  const tokenInAddress = useLocation({ select: (location) => tokenFromHash(location.hash) });
  const [token] = useState(tokenInAddress);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // The token stays out of the history, bookmarks and anything that reads the address later.
  useEffect(() => {
    if (tokenInAddress) router.history.replace(window.location.pathname);
  }, [router, tokenInAddress]);

  useEffect(() => {
    if (!token) void navigate({ to: "/verify-email", search: { problem: "invalid" }, replace: true });
  }, [navigate, token]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !token) return;
    if (!password) {
      setError(m.account_enter_password());
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await readJson<unknown>(api.auth.verify.$post({ json: { type: "signup", token, password } }));
      await navigate({ to: "/verify-success", replace: true });
    } catch (failure) {
      const problem = linkProblem(failure);
      if (problem) {
        await navigate({ to: "/verify-email", search: { problem }, replace: true });
        return;
      }
      setError(errorMessage(failure, m.account_confirm_email_failed()));
      setBusy(false);
    }
  };

  return (
    <MessageScreen
      title={keepHyphenatedWordsWhole(m.account_confirm_email_title())}
      documentTitle={m.account_confirm_email_title()}
      icon={ScrollIcon}
      tone="calm"
      details={
        <>
          <form noValidate onSubmit={onSubmit} className="mt-8 space-y-4 text-left">
            <CredentialField
              kind="password"
              label={m.account_password()}
              value={password}
              onChange={setPassword}
              className={fieldClass}
            />
            {error ? <FormMessage tone="error">{error}</FormMessage> : null}
            <button type="submit" className="btn btn-primary w-full" disabled={busy || !token} aria-busy={busy}>
              {busy ? m.account_confirming() : m.account_confirm()}
            </button>
          </form>
          <p className="mt-8 text-sm text-muted">{m.account_confirm_email_not_you()}</p>
        </>
      }
    >
      {m.account_confirm_email_text()}
    </MessageScreen>
  );
}
