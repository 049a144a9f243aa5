import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import { type $ZodType, type output, safeParse } from "zod/v4/core";
import { ApiError } from "./api-error.ts";

/** What one `validate(...)` middleware checks: the part of the request and its contract schema. */
export type ValidatedInput = { target: keyof ValidationTargets; schema: $ZodType };

/**
 * Each `validate(...)` middleware's target and schema, so the OpenAPI description
 * (worker/openapi/openapi.ts) reads a route's request schemas from Hono's route table.
 */
const validators = new WeakMap<object, ValidatedInput>();

/**
 * Validates one part of the request with a contract schema. A failure becomes a 400
 * `{ detail, code: "invalid_request", fields }` naming each bad field.
 */
export const validate = <T extends $ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) => {
  const middleware = zValidator(target, schema, (result) => {
    if (!result.success) throw invalidRequest(result.error.issues, target);
  });
  validators.set(middleware, { target, schema });
  return middleware;
};

/** The target and schema of a route-table handler made by `validate(...)`, else undefined. */
export const validatedInput = (handler: unknown): ValidatedInput | undefined =>
  typeof handler === "function" ? validators.get(handler) : undefined;

/** Parses a value with a contract schema, or throws the same 400 as `validate`. */
export function parseWith<T extends $ZodType>(schema: T, value: unknown, target: string): output<T> {
  const result = safeParse(schema, value);
  if (!result.success) throw invalidRequest(result.error.issues, target);
  return result.data;
}

function invalidRequest(issues: readonly { path: PropertyKey[]; message: string }[], target: string): ApiError {
  const { fields, unlisted } = listFields(
    issues.map((issue) => [issue.path.map(String).join(".") || target, issue.message] as const),
  );
  const [first] = Object.entries(fields);
  return new ApiError(
    400,
    "invalid_request",
    first
      ? (t) => t.api_invalid_field({ field: first[0], problem: first[1], more: unlisted })
      : (t) => t.api_request_not_valid,
    { fields },
  );
}

/** At most this many fields are named in one error; the others are counted. */
const maxListedFields = 20;
/** Past this length what an error repeats of the request (a field, a message, a path) is cut short. */
const maxEchoedLength = 100;

export function shorten(text: string): string {
  if (text.length <= maxEchoedLength) return text;
  // Not between the two halves of a surrogate pair.
  const end = /[\uD800-\uDBFF]/.test(text[maxEchoedLength - 1] ?? "") ? maxEchoedLength - 1 : maxEchoedLength;
  return `${text.slice(0, end)}…`;
}

/**
 * The `fields` of an error, from each problem in the order found: the first message of each of
 * the first 20 fields, names and messages cut at 100 characters, and how many other fields had
 * problems. A request with 60,000 bad keys is answered in a few hundred bytes, not megabytes.
 */
export function listFields(problems: Iterable<readonly [field: string, message: string]>): {
  fields: Record<string, string>;
  unlisted: number;
} {
  // A Map, so a field named "__proto__" or "constructor" is a field like any other.
  const listed = new Map<string, string>();
  const others = new Set<string>();
  for (const [field, message] of problems) {
    const name = shorten(field);
    if (listed.has(name)) continue;
    if (listed.size < maxListedFields) listed.set(name, shorten(message));
    else others.add(name);
  }
  return { fields: Object.fromEntries(listed), unlisted: others.size };
}
