import { describe, expect, it } from "vitest";
import { accountStepError, surveyStepError } from "./signup-validation.ts";

const filled = {
  firstName: "Ayşe",
  lastName: "Yılmaz",
  email: "a@example.com",
  password: "secret",
  confirmPassword: "secret",
};

describe("sign-up step 1 (docs/product.md §5)", () => {
  it.each(["firstName", "lastName", "email", "password", "confirmPassword"] as const)(
    "asks for every field when %s is empty",
    (field) => {
      expect(accountStepError({ ...filled, [field]: "" })).toBe("Please fill in all fields");
    },
  );

  it("treats a name of spaces as empty", () => {
    expect(accountStepError({ ...filled, firstName: "   " })).toBe("Please fill in all fields");
  });

  it("checks that the passwords match before their length", () => {
    expect(accountStepError({ ...filled, confirmPassword: "secreT" })).toBe("Passwords do not match");
    expect(accountStepError({ ...filled, password: "12345", confirmPassword: "12345" })).toBe(
      "Password must be at least 6 characters",
    );
  });

  it("lets six characters through", () => {
    expect(accountStepError(filled)).toBeNull();
  });
});

describe("sign-up step 2 (docs/product.md §5)", () => {
  it("counts the answered questions", () => {
    expect(surveyStepError([1, 2, 3], { "1": "a" })).toBe("Please answer all 3 questions. You have answered 1.");
    expect(surveyStepError([1, 2, 3], { "1": "a", "2": "b", "3": "c" })).toBeNull();
  });

  it("ignores answers to questions that are not on the list", () => {
    expect(surveyStepError([1, 2], { "1": "a", "9": "z" })).toBe("Please answer all 2 questions. You have answered 1.");
  });
});
