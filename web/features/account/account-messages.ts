import { minPasswordLength } from "../../../worker/contract/auth.ts";
import { ApiResponseError, errorMessage, NetworkError } from "../../lib/api-client.ts";
import { IncompleteSessionError } from "../../lib/session-manager.ts";
import { fillInAllFields } from "../../lib/use-sign-in.ts";

/**
 * docs/product.md §8's sign-in catalogue. The API's error detail is the "provider message"; an answer
 * without a session is "Login failed."; anything thrown shows its message, else the fallback.
 */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof IncompleteSessionError) return "Login failed. Please try again.";
  if (error instanceof ApiResponseError) {
    if (error.message.includes("Email not confirmed")) {
      return "Please verify your email before signing in. Check your inbox for the verification link.";
    }
    if (error.message.includes("Invalid login credentials")) {
      return "Invalid email or password. Please check your credentials and try again.";
    }
    if (error.message) return error.message;
  }
  // No answer at all: the app's one sentence for that, rather than the browser's wording.
  if (error instanceof NetworkError) return errorMessage(error, "");
  if (error instanceof Error && error.message) return error.message;
  return "An unexpected error occurred. Please try again.";
}

/** docs/product.md §8, reset request: the provider's message, else the screen's own sentence. */
export function resetRequestErrorMessage(error: unknown): string {
  if (error instanceof ApiResponseError && error.message) return error.message;
  return "Failed to send reset email. Please try again.";
}

/** docs/product.md §8, reset password: the provider's message, else the screen's own sentence. */
export function updatePasswordErrorMessage(error: unknown): string {
  if (error instanceof ApiResponseError && error.message) return error.message;
  return "Failed to update password. Please try the link again.";
}

/** docs/product.md §5, reset password: the first problem's message, in docs/product.md's order, or null. */
export function newPasswordError(password: string, confirmPassword: string): string | null {
  if (!password || !confirmPassword) return "Please fill in both password fields.";
  if (password.length < minPasswordLength) return "Password must be at least 6 characters.";
  if (password !== confirmPassword) return "Passwords do not match.";
  return null;
}

/**
 * The profile's Change password (ADR 0033): docs/product.md §5's password rules over three fields, the
 * first problem's message in docs/product.md's order, or null.
 */
export function changePasswordError(currentPassword: string, password: string, confirmPassword: string) {
  if (!currentPassword || !password || !confirmPassword) return fillInAllFields;
  if (password.length < minPasswordLength) return "Password must be at least 6 characters.";
  if (password !== confirmPassword) return "Passwords do not match.";
  return null;
}

/** The profile's Change password: the server's detail, else the form's own sentence. */
export function changePasswordErrorMessage(error: unknown): string {
  if (error instanceof ApiResponseError && error.message) return error.message;
  return "Failed to change password. Please try again.";
}

/** The sign-up wizard's step 2 when the questions could not be loaded (not among docs/product.md's texts: issue 38). */
export const surveyQuestionsNotLoaded =
  "The survey questions could not be loaded. Check your connection and try again.";
