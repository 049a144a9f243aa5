import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { memberLocales } from "../contract/member-locale.ts";
import { type Temperament, temperaments } from "../contract/temperaments.ts";

/** The four classical temperaments every survey option scores, and a product may suit. */
export { type Temperament, temperaments };

/**
 * One option of a survey question: `text` is its English text, the form every answer is stored
 * in; `textTr` the same option in Turkish (ADR 0084), absent for an option nobody translated.
 */
export type SurveyOption = { text: string; textTr?: string; temperament: Temperament };

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
/** A moment, stored as milliseconds since the epoch and read as a Date. */
const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });
const createdAt = () => timestamp("created_at").notNull().default(now);
const updatedAt = () => timestamp("updated_at").notNull().default(now);

/** What a sign-up chooses, kept by its registration and then by the account it confirms. */
const chosenAtSignUp = () => ({
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  passwordHash: text("password_hash").notNull(), // PHC string, parameters included
});

export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(), // stored trimmed and lower-cased
  ...chosenAtSignUp(),
  role: text("role", { enum: ["member", "admin"] })
    .notNull()
    .default("member"),
  /** The language the shop writes to the member in (ADR 0083): the sign-up page's, then the profile's. */
  locale: text("locale", { enum: memberLocales }).notNull().default("en"),
  emailVerifiedAt: timestamp("email_verified_at"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The member a row belongs to; it is deleted with them. */
const memberOf = () =>
  text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

export const surveyQuestions = sqliteTable("survey_questions", {
  id: integer("id").primaryKey(),
  question: text("question").notNull(),
  /** The question in Turkish (ADR 0084); empty: shown in English. */
  questionTr: text("question_tr").notNull().default(""),
  options: text("options", { mode: "json" }).notNull().$type<SurveyOption[]>(),
  order: integer("order").notNull(),
});

/** One row per answered question; `answer` is the chosen option's text (docs/product.md §3). */
export const surveyResponses = sqliteTable(
  "survey_responses",
  {
    userId: memberOf(),
    questionId: integer("question_id")
      .notNull()
      .references(() => surveyQuestions.id, { onDelete: "cascade" }),
    answer: text("answer").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] })],
);

export const temperamentResults = sqliteTable("temperament_results", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  dominant: text("dominant", { enum: temperaments }).notNull(),
  secondary: text("secondary", { enum: temperaments }).notNull(),
  scores: text("scores", { mode: "json" }).notNull().$type<Record<Temperament, number>>(),
  computedAt: timestamp("computed_at").notNull().default(now),
});

export const categories = sqliteTable("categories", {
  // AUTOINCREMENT: an id is never handed out again, even the largest after its row is deleted
  // (docs/decisions/0047-ids-are-never-reused.md).
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  /** The English texts (ADR 0087); empty: English pages show the Turkish text above. */
  nameEn: text("name_en").notNull().default(""),
  descriptionEn: text("description_en").notNull().default(""),
  version: integer("version").notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const products = sqliteTable(
  "products",
  {
    // Never reused, as categories' ids (ADR 0047).
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    shortDescription: text("short_description").notNull(),
    description: text("description").notNull().default(""),
    longDescription: text("long_description").notNull().default(""), // sanitized HTML
    /** The English texts (ADR 0087); empty: English pages show the Turkish text above. */
    nameEn: text("name_en").notNull().default(""),
    shortDescriptionEn: text("short_description_en").notNull().default(""),
    descriptionEn: text("description_en").notNull().default(""),
    longDescriptionEn: text("long_description_en").notNull().default(""), // sanitized HTML
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    images: text("images", { mode: "json" }).notNull().$type<string[]>().default(sql`'[]'`),
    etsyLink: text("etsy_link").notNull(),
    /**
     * The temperaments the product suits, a JSON list in the canonical order; empty: for
     * everyone (docs/decisions/0048-product-temperaments.md).
     */
    temperaments: text("temperaments", { mode: "json" }).notNull().$type<Temperament[]>().default(sql`'[]'`),
    sortOrder: integer("sort_order").notNull().default(0),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("products_order_idx").on(t.sortOrder, t.name),
    index("products_category_idx").on(t.categoryId, t.sortOrder),
  ],
);

/**
 * The columns of a secret given to a member (a session's refresh token, a link's token): stored
 * only as its SHA-256 (worker/auth/tokens.ts), single use, expiring, deleted with its member.
 */
const memberSecret = () => ({
  tokenHash: text("token_hash").primaryKey(),
  userId: memberOf(),
  expiresAt: timestamp("expires_at").notNull(),
  usedAt: timestamp("used_at"),
  createdAt: createdAt(),
});

/** Stored only as a hash; single use and rotated; a family is revoked together on reuse. */
export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    ...memberSecret(),
    familyId: text("family_id").notNull(),
    /**
     * The session's purpose, kept by every refresh: "recovery" for the session a reset link
     * opens (it may set the password and nothing else); null for an ordinary session.
     */
    purpose: text("purpose", { enum: ["recovery"] }),
    /**
     * When the whole session ends, whatever its refreshes (ADR 0033): the recovery window for a
     * recovery session; null for an ordinary one, which lives as long as it is refreshed.
     */
    familyEndsAt: timestamp("family_ends_at"),
    revokedAt: timestamp("revoked_at"),
  },
  (t) => [index("refresh_tokens_family_idx").on(t.familyId)],
);

/**
 * One sign-up waiting for its address to be confirmed (docs/decisions/0034-pending-registrations.md):
 * what that sign-up chose (password, names, answers, their result) and its own verification
 * link. An address may have several; following one link gives the account exactly that
 * registration's choices, and drops the others. A confirmed registration is kept, emptied of its
 * password, so its link can say it was used.
 */
export const registrations = sqliteTable(
  "registrations",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    ...chosenAtSignUp(),
    /** The sign-up page's language, the account's once confirmed (ADR 0083). */
    locale: text("locale", { enum: memberLocales }).notNull().default("en"),
    answers: text("answers", { mode: "json" }).notNull().$type<{ questionId: number; answer: string }[]>(),
    temperament: text("temperament", { mode: "json" }).notNull().$type<{
      dominant: Temperament;
      secondary: Temperament;
      scores: Record<Temperament, number>;
    }>(),
    /** The link's token, stored as its SHA-256 (worker/auth/tokens.ts). */
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at").notNull(),
    confirmedAt: timestamp("confirmed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("registrations_email_idx").on(t.email)],
);

/** E-mail verification and password-reset tokens: random, hashed, single use, expiring. */
export const oneTimeTokens = sqliteTable(
  "one_time_tokens",
  {
    ...memberSecret(),
    purpose: text("purpose", { enum: ["verify_email", "reset_password"] }).notNull(),
  },
  (t) => [index("one_time_tokens_user_idx").on(t.userId, t.purpose)],
);

/**
 * Written in the same transaction as the change that causes the e-mail (docs/architecture.md §5), sent by
 * the dispatcher (worker/email/dispatcher.ts, docs/decisions/0013-email-outbox-and-transports.md).
 * A row is waiting (neither `sent_at` nor `failed_at`), claimed by one dispatcher pass while
 * `claimed_until` is in the future, sent, or failed for good after the configured number of
 * tries. Sent and failed rows are kept: the admin shows them.
 */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: integer("id").primaryKey(),
    kind: text("kind", {
      enum: ["verify_email", "account_exists", "reset_password", "temperament_result"],
    }).notNull(),
    /** The member the e-mail is about, when there is one (the admin's "result e-mail sent"). */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    sendAfter: timestamp("send_after").notNull().default(now),
    /** Tries so far, counted when a pass claims the row, so a pass that crashes counts too. */
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** The pass that holds the row, and until when: past that, the row is due again. */
    claimId: text("claim_id"),
    claimedUntil: timestamp("claimed_until"),
    sentAt: timestamp("sent_at"),
    failedAt: timestamp("failed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    // Only waiting rows, in the order the dispatcher takes them: stays small however many
    // messages have been sent.
    index("email_outbox_due_idx").on(t.sendAfter, t.id).where(sql`sent_at is null and failed_at is null`),
    index("email_outbox_user_idx").on(t.userId),
  ],
);

/**
 * First response of an admin write, replayed for a repeated Idempotency-Key; kept 30 days, then
 * purged by the periodic pass through the `created_at` index (worker/lib/idempotency.ts).
 * `request_hash` tells a repeat from another request under the same key (ADR 0066); answers
 * recorded before it was kept have none.
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    key: text("key").notNull(),
    userId: text("user_id").notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    status: integer("status").notNull(),
    body: text("body").notNull(),
    requestHash: text("request_hash"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);

/** Fixed-window counters shared by every instance, so limits hold across Worker isolates. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at").notNull(),
});

/**
 * One row whose `version` triggers bump on every change to products or categories (see the
 * catalogue-version migration), so servers can cache catalogue reads and know when they are
 * stale with one cheap query. `epoch` is random per database, so ETags never repeat across
 * databases.
 */
export const catalogueState = sqliteTable("catalogue_state", {
  id: integer("id").primaryKey(),
  version: integer("version").notNull(),
  epoch: text("epoch").notNull(),
});

/**
 * Insights (docs/decisions/0055-counting-without-tracking.md): how many times each product's page
 * was viewed and its marketplace link followed, per day of the shop (Turkey's time). Counts only:
 * no address, identifier or user agent. Each event is one upsert (`views = views + 1`).
 */
export const productDailyCounts = sqliteTable(
  "product_daily_counts",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** `YYYY-MM-DD`, text so it sorts and compares as a date. */
    day: text("day").notNull(),
    views: integer("views").notNull().default(0),
    shopVisits: integer("shop_visits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.day] }), index("product_daily_counts_day_idx").on(t.day)],
);

/**
 * Today's random salt for the per-address bound (Plausible Analytics' method, ADR 0055): made for
 * the day, deleted with the day's bound rows once the day is over, so yesterday's hashes can
 * never be linked to an address again.
 */
export const insightSalts = sqliteTable("insight_salts", {
  day: text("day").primaryKey(),
  salt: text("salt").notNull(),
});

/**
 * Events counted today per (address, product, kind), each kept only as SHA-256 of today's salt
 * with them: the address is never stored. Repeats past the bound are accepted and not counted.
 */
export const insightBounds = sqliteTable(
  "insight_bounds",
  {
    day: text("day").notNull(),
    key: text("key").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.key] })],
);
