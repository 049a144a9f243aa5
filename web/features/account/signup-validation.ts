import { minPasswordLength } from "../../../worker/contract/auth.ts";
import { m } from "../../paraglide/messages.js";

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
    return m.session_fill_in_all_fields();
  }
  if (password !== confirmPassword) return m.account_signup_passwords_do_not_match();
  if (password.length < minPasswordLength) return m.account_signup_password_too_short({ min: minPasswordLength });
  return null;
}

/** docs/product.md §5, sign-up step 2: every question answered. */
export function surveyStepError(questionIds: readonly number[], responses: Record<string, string>): string | null {
  const answered = questionIds.filter((id) => responses[String(id)]).length;
  if (answered === questionIds.length) return null;
  return m.account_answer_all_questions({ total: questionIds.length, answered });
}
