import * as z from "zod/mini";

/**
 * The body of every error the API answers, 4xx or 5xx (docs/architecture.md §3): `detail` is a sentence a
 * screen may show as is, `code` a machine-readable name, `fields` what was wrong with each input.
 */
export const errorBodySchema = z.object({
  detail: z.string(),
  code: z.string(),
  fields: z.optional(z.record(z.string(), z.string())),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
