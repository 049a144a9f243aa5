import { type FormEvent, useState } from "react";
import { foldEmail, type Session } from "../../worker/contract/auth.ts";
import { m } from "../paraglide/messages.js";
import { ApiResponseError } from "./api-client.ts";
import { rememberAdminSignIn } from "./session.ts";

/**
 * The submit flow the member sign-in and the admin login share: both fields required (docs/product.md §5),
 * the e-mail trimmed and lower-cased, one attempt at a time, the administrator's flags stored
 * (docs/product.md §3), and a refusal turned into the screen's own sentence (docs/product.md §8 words them apart). The
 * stored session itself is what moves the screen on (the guest-only guard of web/components/route-guards.tsx, the admin screen).
 *
 * @param onLocked the account is locked for this browser (ADR 0035): the reset e-mail is the way
 *   in, which each screen offers in its own way; called with the address as typed
 */
export function useSignIn({
  signIn,
  errorMessage,
  onLocked,
}: {
  signIn(email: string, password: string): Promise<Session>;
  errorMessage(failure: unknown): string;
  onLocked?(typedEmail: string): void;
}) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [locked, setLocked] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const address = foldEmail(email);
    // docs/product.md §5: sign-in and admin login both need both fields.
    if (!address || !password) {
      setError(m.session_fill_in_all_fields());
      return;
    }
    setBusy(true);
    setError(null);
    setLocked(false);
    try {
      const session = await signIn(address, password);
      if (session.user.role === "admin") rememberAdminSignIn();
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
      if (failure instanceof ApiResponseError && failure.code === "account_locked") {
        setLocked(true);
        onLocked?.(email);
      }
    }
  };

  return { email, setEmail, password, setPassword, busy, error, locked, onSubmit };
}

export type SignInForm = ReturnType<typeof useSignIn>;
