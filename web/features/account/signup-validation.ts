import { minPasswordLength } from "../../../worker/contract/auth.ts";

export type AccountFields = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
};

/** docs/product.md §5, sign-up step 1: the first problem's message, or null when the step may go on. */
export function accountStepError(fields: AccountFields): string | null {
  const { firstName, lastName, email, password, confirmPassword } = fields;
  if ([firstName, lastName, email].some((v) => !v.trim()) || !password || !confirmPassword) {
    return "Please fill in all fields";
  }
  if (password !== confirmPassword) return "Passwords do not match";
  if (password.length < minPasswordLength) return "Password must be at least 6 characters";
  return null;
}

/** docs/product.md §5, sign-up step 2: every question answered. */
export function surveyStepError(questionIds: readonly number[], responses: Record<string, string>): string | null {
  const answered = questionIds.filter((id) => responses[String(id)]).length;
  if (answered === questionIds.length) return null;
  return `Please answer all ${questionIds.length} questions. You have answered ${answered}.`;
}
