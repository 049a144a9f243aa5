import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import { type $ZodType, type output, safeParse } from "zod/v4/core";
import { ApiError } from "./api-error.ts";

/**
 * Validates one part of the request with a contract schema. A failure becomes a 400
 * `{ detail, code: "invalid_request", fields }` naming each bad field.
 */
export const validate = <T extends $ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result) => {
    if (!result.success) throw invalidRequest(result.error.issues, target);
  });

/** Parses a value with a contract schema, or throws the same 400 as `validate`. */
export function parseWith<T extends $ZodType>(schema: T, value: unknown, target: string): output<T> {
  const result = safeParse(schema, value);
  if (!result.success) throw invalidRequest(result.error.issues, target);
  return result.data;
}

function invalidRequest(issues: readonly { path: PropertyKey[]; message: string }[], target: string): ApiError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || target;
    fields[key] ??= issue.message;
  }
  const [first] = Object.entries(fields);
  const detail = first ? `Invalid ${first[0]}: ${first[1]}` : "The request is not valid.";
  return new ApiError(400, "invalid_request", detail, { fields });
}
