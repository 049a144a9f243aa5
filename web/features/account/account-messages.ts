import { minPasswordLength } from "../../../worker/contract/auth.ts";
import { ApiResponseError, errorMessage, NetworkError } from "../../lib/api-client.ts";
import { IncompleteSessionError } from "../../lib/session-manager.ts";
import { m } from "../../paraglide/messages.js";

/**
 * docs/product.md §8's sign-in catalogue. The API's error detail is the "provider message"; an answer
 * without a session is "Login failed."; anything thrown shows its message, else the fallback.
 * The two refusals with sentences of their own are told apart by the API's `code`
 * (worker/routes/auth/auth.routes.ts), not by the detail's words, which follow the page's language.
 */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof IncompleteSessionError) return m.account_login_failed();
  if (error instanceof ApiResponseError) {
    if (error.code === "email_not_confirmed") return m.account_email_not_confirmed();
    if (error.code === "invalid_credentials") return m.account_invalid_credentials();
    if (error.message) return error.message;
  }
  // No answer at all: the app's one sentence for that, rather than the browser's wording.
  if (error instanceof NetworkError) return errorMessage(error, "");
  if (error instanceof Error && error.message) return error.message;
  return m.account_unexpected_error();
}

/** docs/product.md §8, reset request: the provider's message, else the screen's own sentence. */
export function resetRequestErrorMessage(error: unknown): string {
  if (error instanceof ApiResponseError && error.message) return error.message;
  return m.account_reset_email_failed();
}

/** docs/product.md §8, reset password: the provider's message, else the screen's own sentence. */
export function updatePasswordErrorMessage(error: unknown): string {
  if (error instanceof ApiResponseError && error.message) return error.message;
  return m.account_update_password_failed();
}

/** docs/product.md §5, reset password: the first problem's message, in docs/product.md's order, or null. */
export function newPasswordError(password: string, confirmPassword: string): string | null {
  if (!password || !confirmPassword) return m.account_fill_in_both_passwords();
  if (password.length < minPasswordLength) return m.account_password_too_short({ min: minPasswordLength });
  if (password !== confirmPassword) return m.account_passwords_do_not_match();
  return null;
}

/**
 * The profile's Change password (ADR 0033): docs/product.md §5's password rules over three fields, the
 * first problem's message in docs/product.md's order, or null.
 */
export function changePasswordError(currentPassword: string, password: string, confirmPassword: string) {
  if (!currentPassword || !password || !confirmPassword) return m.session_fill_in_all_fields();
  if (password.length < minPasswordLength) return m.account_password_too_short({ min: minPasswordLength });
  if (password !== confirmPassword) return m.account_passwords_do_not_match();
  return null;
}

/** The profile's Change password: the server's detail, else the form's own sentence. */
export function changePasswordErrorMessage(error: unknown): string {
  if (error instanceof ApiResponseError && error.message) return error.message;
  return m.account_change_password_failed();
}
