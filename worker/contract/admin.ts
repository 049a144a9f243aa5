import * as z from "zod/mini";
import { sortOrderLimit } from "./catalogue.ts";
import { noControlCharacters, visibleCharactersOnly } from "./plain-text.ts";
import { profileSchema } from "./profile.ts";
import { inTemperamentOrder, isTemperament } from "./temperaments.ts";

/**
 * The administrator's calls (docs/product.md §7, docs/architecture.md §3). Inputs are strict: a field the contract
 * does not know is refused, so an outdated admin app finds out at once.
 */

/** Free text, e.g. a description: trimmed, bounded, several lines allowed. */
const text = (max: number, required = true) =>
  z
    .string()
    .check(
      z.trim(),
      ...(required ? [z.minLength(1, { error: "is required" })] : []),
      z.maxLength(max, { error: `must be at most ${max} characters` }),
      noControlCharacters(),
    );

/** A product's or a category's name: one line of visible characters. */
const name = (max: number) => text(max).check(visibleCharactersOnly());

/** A name that may be left empty (an English name, ADR 0087): when given, one line of visible characters. */
const optionalName = (max: number) => text(max, false).check(visibleCharactersOnly());

/** Rich HTML from the editor, sanitized on the server before it is stored (docs/architecture.md §6). */
const richText = z.string().check(z.maxLength(100_000), noControlCharacters());

/** A row's id; `z.int()` admits only safe integers, so every id is exact in JavaScript. */
const positiveId = (error: string) => z.number({ error }).check(z.int({ error }), z.positive({ error }));

const sortOrderError = `must be a whole number from -${sortOrderLimit} to ${sortOrderLimit}`;
const sortOrder = z
  .number({ error: sortOrderError })
  .check(
    z.int({ error: sortOrderError }),
    z.gte(-sortOrderLimit, { error: sortOrderError }),
    z.lte(sortOrderLimit, { error: sortOrderError }),
  );

const stepError = `must be a whole number from 1 to ${sortOrderLimit}`;
const step = z
  .number({ error: stepError })
  .check(z.int({ error: stepError }), z.gte(1, { error: stepError }), z.lte(sortOrderLimit, { error: stepError }));

/*
 * Addresses are read with the URL parser, as a browser reads them, not with a pattern: a
 * browser reads `/\evil.example/x.png` and `http:/\evil.example` as addresses on evil.example,
 * which a pattern for "never //host" let through.
 */

/** Whitespace, backslashes and invisible characters: the parser drops them or reads a slash. */
const misread = /[\s\\\p{C}]/u;

/** An absolute http(s) address, spelled as one, without a user name or password; else null. */
function webAddress(value: string): URL | null {
  if (!/^https?:\/\//i.test(value) || misread.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const web = url.protocol === "http:" || url.protocol === "https:";
  return web && url.hostname !== "" && url.username === "" && url.password === "" ? url : null;
}

/** Any origin of our own: only what an address resolves against matters here. */
const thisSite = "https://shop.invalid";

/**
 * A path on this site (`/images/…`) that no browser resolves to another host. An encoded slash
 * or backslash is refused too: a server that decodes it before redirecting could still send the
 * browser elsewhere.
 */
function isSitePath(value: string): boolean {
  if (!value.startsWith("/") || value.startsWith("//") || misread.test(value) || /%2f|%5c/i.test(value)) {
    return false;
  }
  try {
    return new URL(value, thisSite).origin === thisSite;
  } catch {
    return false;
  }
}

/** http(s) only, to a named host: the shop link leaves the site. */
const webUrl = z.string({ error: "is required" }).check(
  z.trim(),
  z.minLength(1, { error: "is required" }),
  z.maxLength(2000),
  z.refine((v) => webAddress(v)?.hostname.includes(".") === true, { error: "must be an http(s) address" }),
);

/** An image: an http(s) address or a path on this site (`/images/…`), never another scheme. */
const imageUrl = z.string().check(
  z.trim(),
  z.maxLength(2000),
  z.refine((v) => v === "" || isSitePath(v) || webAddress(v) !== null, {
    error: "must be an http(s) address or a path on this site",
  }),
);

/**
 * docs/product.md §3: images is a list; a single value is tolerated. Blank entries are dropped on save
 * (docs/product.md §5).
 */
const images = z.pipe(
  z.union([imageUrl, z.array(imageUrl).check(z.maxLength(20, { error: "must be at most 20 images" }))]),
  z.transform((value) => (Array.isArray(value) ? value : [value]).filter((v) => v !== "")),
);

/**
 * The temperaments a product suits (issue 30, docs/decisions/0048-product-temperaments.md): a
 * list of the four names, none twice, stored in the canonical order whatever order it is sent
 * in. Checked as one field, so an error names `temperaments` (the form's four checkboxes), not
 * an entry of it. At most four entries follow from the two checks.
 */
const temperamentsError = "must list only sanguine, choleric, melancholic or phlegmatic";
const temperamentList = z.pipe(
  z.array(z.unknown(), { error: "must be a list of temperaments" }).check(
    z.refine((list) => list.every(isTemperament), { error: temperamentsError }),
    z.refine((list) => new Set(list).size === list.length, { error: "must not repeat a temperament" }),
  ),
  z.transform((list: unknown[]) => inTemperamentOrder(list)),
);

/**
 * `POST /api/admin/products` and `PUT /api/admin/products/:id` (docs/product.md §7). `temperaments` is
 * optional: none on POST is an empty list; none on PUT keeps the stored list (an older client
 * does not know the field).
 */
export const productInputSchema = z.strictObject({
  name: name(200),
  short_description: text(500),
  // Rich HTML from the editor; sanitized on the server before it is stored (docs/architecture.md §6).
  long_description: z._default(richText, ""),
  description: z.optional(text(5000, false)),
  // The English texts (ADR 0087), bounded and sanitized as their Turkish twins; left out, a new
  // row's are empty and a PUT keeps the stored ones (an older client does not know them).
  name_en: z.optional(optionalName(200)),
  short_description_en: z.optional(text(500, false)),
  description_en: z.optional(text(5000, false)),
  long_description_en: z.optional(richText),
  category_id: positiveId("is required"),
  images: z._default(images, []),
  etsy_link: webUrl,
  sort_order: z.optional(sortOrder),
  temperaments: z.optional(temperamentList),
});
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductData = z.output<typeof productInputSchema>;

/** `POST /api/admin/categories` and `PUT /api/admin/categories/:id`: name required (docs/product.md §5). */
export const categoryInputSchema = z.strictObject({
  name: name(100),
  description: z._default(text(1000, false), ""),
  name_en: z.optional(optionalName(100)),
  description_en: z.optional(text(1000, false)),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;
export type CategoryData = z.output<typeof categoryInputSchema>;

/** Product ids in an order: at least one, at most 10,000, none twice. */
const productIds = z.array(positiveId("must be product ids")).check(
  z.minLength(1, { error: "must list at least one product" }),
  z.maxLength(10_000),
  z.refine((ids) => new Set(ids).size === ids.length, { error: "must not repeat a product" }),
);

/**
 * docs/product.md §3, §9: `sort_order` from `start_from` in `step`s, within `category_id` when given. Every
 * position it writes stays within ±sortOrderLimit: the last one, start_from + step × (ids − 1),
 * is checked before anything is written. `based_on` (optional, added by ADR 0045): the scope's ids in
 * the order the admin saw when reordering; a reorder of an order that has moved since is refused
 * with 412 `order_conflict` and the current order (docs/decisions/0045-reorder-based-on-the-order-seen.md).
 */
export const reorderSchema = z.strictObject({
  reorder_by_ids: z
    .strictObject({
      ids: productIds,
      start_from: z._default(sortOrder, 1),
      step: z._default(step, 1),
      category_id: z.optional(positiveId("must be a category id")),
      based_on: z.optional(productIds),
    })
    .check(
      z.superRefine(({ ids, start_from, step }, context) => {
        const last = start_from + step * (ids.length - 1);
        if (last <= sortOrderLimit) return;
        const message = `puts the last product at sort_order ${last}, beyond ${sortOrderLimit}`;
        for (const field of ["start_from", "step"]) {
          context.addIssue({ code: "custom", message, path: [field], input: { start_from, step } });
        }
      }),
    ),
});
export type ReorderRequest = z.input<typeof reorderSchema>;
export type ReorderData = z.output<typeof reorderSchema>["reorder_by_ids"];

/**
 * One member as the admin's Users tab shows them (docs/product.md §2): the profile, with the answers listed
 * once, in question order, with each question's text.
 */
export const adminUserSchema = z.object({
  ...z.omit(profileSchema, { survey_responses: true }).shape,
  role: z.enum(["member", "admin"]),
  survey_answered: z.number(),
  survey_total: z.number(),
  answers: z.array(z.object({ question_id: z.number(), order: z.number(), question: z.string(), answer: z.string() })),
  result_email_sent: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** What is configured (never a secret). */
export const adminSettingsSchema = z.object({
  email_transport: z.nullable(z.string()),
  database: z.enum(["embedded file", "remote libSQL"]),
  app_version: z.string(),
  outbox: z.object({ waiting: z.number(), sent: z.number(), failed: z.number() }),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
