import { describe, expect, it } from "vitest";
import { ApiResponseError, NetworkError } from "../../lib/api-client.ts";
import { IncompleteSessionError } from "../../lib/session-manager.ts";
import {
  newPasswordError,
  resetRequestErrorMessage,
  signInErrorMessage,
  updatePasswordErrorMessage,
} from "./account-messages.ts";

const apiError = (detail: string, code = "x", status = 400) => new ApiResponseError(status, code, detail);

describe("sign-in messages (docs/product.md §8)", () => {
  it("turns the provider's 'Email not confirmed' into the verification hint", () => {
    expect(signInErrorMessage(apiError("Email not confirmed", "email_not_confirmed"))).toBe(
      "Please verify your email before signing in. Check your inbox for the verification link.",
    );
  });

  it("turns 'Invalid login credentials' into the credentials sentence", () => {
    expect(signInErrorMessage(apiError("Invalid login credentials", "invalid_credentials"))).toBe(
      "Invalid email or password. Please check your credentials and try again.",
    );
  });

  it("tells those two refusals apart by their code, whatever the language of the detail", () => {
    expect(signInErrorMessage(apiError("E-posta adresi henüz doğrulanmadı", "email_not_confirmed"))).toBe(
      "Please verify your email before signing in. Check your inbox for the verification link.",
    );
    expect(signInErrorMessage(apiError("E-posta adresi veya şifre hatalı", "invalid_credentials"))).toBe(
      "Invalid email or password. Please check your credentials and try again.",
    );
    // Another refusal whose words happen to match is still the provider's own message.
    expect(signInErrorMessage(apiError("Email not confirmed by the admin", "forbidden", 403))).toBe(
      "Email not confirmed by the admin",
    );
  });

  it("shows any other provider message as it is", () => {
    const limited = "Too many sign-in attempts. Please try again in 15 minutes.";
    expect(signInErrorMessage(apiError(limited, "too_many_requests", 429))).toBe(limited);
  });

  it("says 'Login failed.' for an answer without a user or token", () => {
    expect(signInErrorMessage(new IncompleteSessionError())).toBe("Login failed. Please try again.");
  });

  it("shows a thrown error's message, else the unexpected-error sentence", () => {
    expect(signInErrorMessage(new NetworkError("No answer from the server."))).toBe(
      "We could not reach the server. Check your connection and try again.",
    );
    expect(signInErrorMessage(new Error("Something broke"))).toBe("Something broke");
    expect(signInErrorMessage(new Error(""))).toBe("An unexpected error occurred. Please try again.");
    expect(signInErrorMessage("not an error")).toBe("An unexpected error occurred. Please try again.");
  });
});

describe("password reset messages (docs/product.md §8)", () => {
  it("shows the provider's message for a reset request, else the failure sentence", () => {
    expect(resetRequestErrorMessage(apiError("Too many requests. Please try again later.", "x", 429))).toBe(
      "Too many requests. Please try again later.",
    );
    expect(resetRequestErrorMessage(new NetworkError("No answer from the server."))).toBe(
      "Failed to send reset email. Please try again.",
    );
  });

  it("shows the provider's message for a new password, else asks to try the link again", () => {
    expect(updatePasswordErrorMessage(apiError("Invalid password: must be at most 128 characters"))).toBe(
      "Invalid password: must be at most 128 characters",
    );
    expect(updatePasswordErrorMessage(new NetworkError("No answer from the server."))).toBe(
      "Failed to update password. Please try the link again.",
    );
  });
});

describe("the new password (docs/product.md §5)", () => {
  it("asks for both fields, then six characters, then a match", () => {
    expect(newPasswordError("", "secret")).toBe("Please fill in both password fields.");
    expect(newPasswordError("secret", "")).toBe("Please fill in both password fields.");
    expect(newPasswordError("12345", "12346")).toBe("Password must be at least 6 characters.");
    expect(newPasswordError("secret", "secreT")).toBe("Passwords do not match.");
    expect(newPasswordError("secret", "secret")).toBeNull();
  });
});
