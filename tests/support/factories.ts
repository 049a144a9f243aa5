import { getTableColumns, getTableName, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { seedSurveyQuestions } from "../../drizzle/seed/survey-questions.ts";
import type { Database } from "../../worker/db/client.ts";
import {
  categories,
  products,
  type SurveyOption,
  surveyQuestions,
  type Temperament,
  users,
} from "../../worker/db/schema.ts";
import { testPasswordHasher } from "./passwords.ts";

let sequence = 0;
const next = () => ++sequence;

/** Small builders: each test makes the rows it needs and says only what matters to it. */
export async function createCategory(db: Database, fields: Partial<typeof categories.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(categories)
    .values({ name: `Kategori ${n}`, description: `Açıklama ${n}`, ...fields })
    .returning();
  if (!row) throw new Error("category not inserted");
  return row;
}

type ProductFields = Partial<typeof products.$inferInsert>;

/** A product's columns, numbered so no two products of a test share a name or a link. */
function productValues(fields: ProductFields) {
  const n = next();
  return {
    name: `Ürün ${n}`,
    shortDescription: `Kısa açıklama ${n}`,
    description: `Açıklama ${n}`,
    longDescription: `<p>Uzun açıklama ${n}</p>`,
    images: [`/images/products/urun-${n}.svg`],
    etsyLink: `https://www.etsy.com/listing/${100000000 + n}/urun-${n}`,
    sortOrder: 0,
    ...fields,
  };
}

export async function createProduct(db: Database, fields: ProductFields = {}) {
  const [row] = await db.insert(products).values(productValues(fields)).returning();
  if (!row) throw new Error("product not inserted");
  return row;
}

/** Many products in one insert (a shop of a thousand), each with the same `fields`. */
export async function createProducts(db: Database, count: number, fields: ProductFields = {}) {
  await db.insert(products).values(Array.from({ length: count }, () => productValues(fields)));
}

/** An admin product write's body (docs/product.md §7), with whatever fields a test says differently. */
export const productBody = (categoryId: number, fields: Record<string, unknown> = {}) => ({
  name: "Ihlamur Çayı",
  short_description: "Kış akşamları için",
  long_description: "<p>Sıcak bir fincan.</p>",
  category_id: categoryId,
  images: ["/images/products/ihlamur.svg"],
  etsy_link: "https://www.etsy.com/listing/123/ihlamur",
  ...fields,
});

/**
 * The product's 20-question temperament test, as the seed writes it. The Turkish question texts
 * (migration 0012) only where the database has their column: migration tests build a survey in a
 * database from before it.
 */
export async function createSurvey(db: Database) {
  const columns = await db.all<{ name: string }>(sql`select name from pragma_table_info('survey_questions')`);
  if (columns.some((column) => column.name === "question_tr")) {
    await db.insert(surveyQuestions).values(seedSurveyQuestions).onConflictDoNothing();
    return seedSurveyQuestions;
  }
  for (const { id, question, options, order } of seedSurveyQuestions) {
    await db.run(
      sql`insert into survey_questions (id, question, options, "order")
          values (${id}, ${question}, ${JSON.stringify(options)}, ${order}) on conflict do nothing`,
    );
  }
  return seedSurveyQuestions;
}

/**
 * Answers to every question: each picks the option of the temperament `choose` names for it
 * (one temperament for all, or a function of the question's position).
 */
export function answerSurvey(
  survey: readonly { id: number; options: SurveyOption[] }[],
  choose: Temperament | ((index: number) => Temperament),
): Record<string, string> {
  return Object.fromEntries(
    survey.map((question, index) => {
      const temperament = typeof choose === "function" ? choose(index) : choose;
      const option = question.options.find((o) => o.temperament === temperament);
      if (!option) throw new Error(`question ${question.id} has no ${temperament} option`);
      return [String(question.id), option.text];
    }),
  );
}

/** A complete sign-up body (docs/product.md §7) with a fresh address. */
export function signupBody(
  survey: readonly { id: number; options: SurveyOption[] }[],
  fields: Record<string, unknown> = {},
) {
  const n = next();
  return {
    first_name: "Ayşe",
    last_name: "Yılmaz",
    email: `ayse.${n}@example.com`,
    password: "çok-gizli-parola",
    survey_responses: answerSurvey(survey, "sanguine"),
    ...fields,
  };
}

const hashes = new Map<string, Promise<string>>();
/** One hash per password per test run, at the test suite's parameters (passwords.ts). */
const hashOnce = (password: string) => {
  const hash = hashes.get(password) ?? testPasswordHasher.hash(password);
  hashes.set(password, hash);
  return hash;
};

/**
 * A member as sign-up and verification leave them (confirmed unless `verified: false`), with
 * every survey question answered as `answers` says when the survey exists.
 */
export async function createMember(
  db: Database,
  {
    password = "member-password",
    verified = true,
    ...fields
  }: Partial<typeof users.$inferInsert> & {
    password?: string;
    verified?: boolean;
  } = {},
) {
  const n = next();
  const values = {
    id: crypto.randomUUID(),
    email: `member.${n}@example.com`,
    firstName: "Deniz",
    lastName: `Üye ${n}`,
    passwordHash: await hashOnce(password),
    emailVerifiedAt: verified ? new Date("2026-10-01T09:00:00Z") : null,
    createdAt: new Date("2026-10-01T08:00:00Z"),
    ...fields,
  };
  const [row] = (await hasEveryColumn(db, users))
    ? await db.insert(users).values(values).returning()
    : [await insertOlderRow(db, users, values)];
  if (!row) throw new Error("member not inserted");
  return { ...row, password };
}

/** Whether the database's `table` has every column the schema gives it (not so before a migration). */
async function hasEveryColumn(db: Database, table: SQLiteTable): Promise<boolean> {
  const present = await db.all<{ name: string }>(sql`select name from pragma_table_info(${getTableName(table)})`);
  const names = new Set(present.map((column) => column.name));
  return Object.values(getTableColumns(table)).every((column) => names.has(column.name));
}

/**
 * Inserts `values` into a database from before a migration that added columns to `table`: only
 * the columns it has. What the schema's later columns would hold is left out of the row returned.
 */
async function insertOlderRow<T extends SQLiteTable>(
  db: Database,
  table: T,
  values: Record<string, unknown>,
): Promise<T["$inferSelect"]> {
  const present = await db.all<{ name: string }>(sql`select name from pragma_table_info(${getTableName(table)})`);
  const names = new Set(present.map((column) => column.name));
  const columns = Object.entries(getTableColumns(table)).filter(([, column]) => names.has(column.name));
  const given = columns.filter(([key]) => values[key] !== undefined);
  const [raw] = await db.all<Record<string, unknown>>(
    sql`insert into ${table} (${sql.join(
      given.map(([, column]) => sql.identifier(column.name)),
      sql`, `,
    )}) values (${sql.join(
      given.map(([key, column]) => (values[key] === null ? sql`null` : sql`${column.mapToDriverValue(values[key])}`)),
      sql`, `,
    )}) returning *`,
  );
  if (!raw) throw new Error("row not inserted");
  return Object.fromEntries(
    columns.map(([key, column]) => {
      const value = raw[column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as T["$inferSelect"];
}
