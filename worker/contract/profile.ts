import * as z from "zod/mini";
import { nameSchema } from "./auth.ts";
import { surveyResponsesSchema } from "./survey-responses.ts";
import { temperamentSchema } from "./temperaments.ts";

/** docs/product.md §3's user profile, with the member's temperament result (docs/architecture.md §5). */
export const profileSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  is_verified: z.boolean(),
  created_at: z.string(),
  /** Question id → the chosen option's text. */
  survey_responses: z.record(z.string(), z.string()),
  temperament: z.nullable(z.object({ dominant: temperamentSchema, secondary: temperamentSchema })),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * `PUT /api/user/profile` (docs/product.md §7). The e-mail cannot change (docs/product.md §2): a body that carries one
 * is refused with 400, like any other field the contract does not know.
 */
export const profileUpdateSchema = z.strictObject({
  first_name: nameSchema,
  last_name: nameSchema,
  survey_responses: surveyResponsesSchema,
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;
