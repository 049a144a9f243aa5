import { describe, expect, it } from "vitest";
import { ApiResponseError, NetworkError } from "../../lib/api-client.ts";
import { changePasswordError, changePasswordErrorMessage } from "./account-messages.ts";

describe("the profile's Change password (ADR 0033)", () => {
  it("asks for all three fields, then six characters, then a match", () => {
    expect(changePasswordError("", "secret", "secret")).toBe("Please fill in all fields");
    expect(changePasswordError("old-one", "", "secret")).toBe("Please fill in all fields");
    expect(changePasswordError("old-one", "secret", "")).toBe("Please fill in all fields");
    expect(changePasswordError("old-one", "12345", "12346")).toBe("Password must be at least 6 characters.");
    expect(changePasswordError("old-one", "secret", "secreT")).toBe("Passwords do not match.");
    expect(changePasswordError("x", "secret", "secret")).toBeNull();
  });

  it("shows the server's detail, else the form's own sentence", () => {
    const wrong = new ApiResponseError(400, "invalid_current_password", "Your current password is incorrect.");
    expect(changePasswordErrorMessage(wrong)).toBe("Your current password is incorrect.");
    expect(changePasswordErrorMessage(new NetworkError("No answer from the server."))).toBe(
      "Failed to change password. Please try again.",
    );
    expect(changePasswordErrorMessage(new Error("boom"))).toBe("Failed to change password. Please try again.");
  });
});
