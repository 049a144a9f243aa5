import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { $ZodType } from "zod/v4/core";
import { ApiError } from "./api-error.ts";

/**
 * Validates one part of the request with a contract schema. A failure becomes a 400
 * `{ detail, code: "invalid_request", fields }` naming each bad field.
 */
export const validate = <T extends $ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result) => {
    if (result.success) return;
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join(".") || target;
      fields[key] ??= issue.message;
    }
    const [first] = Object.entries(fields);
    const detail = first ? `Invalid ${first[0]}: ${first[1]}` : "The request is not valid.";
    throw new ApiError(400, "invalid_request", detail, { fields });
  });
