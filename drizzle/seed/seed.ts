import { eq } from "drizzle-orm";
import type { PasswordHasher } from "../../worker/auth/password.ts";
import { nodePasswordHasher } from "../../worker/auth/password-node.ts";
import { foldEmail } from "../../worker/contract/auth.ts";
import type { Database } from "../../worker/db/client.ts";
import { categories, products, surveyQuestions, users } from "../../worker/db/schema.ts";
import { seedCategories, seedProducts } from "./catalogue.ts";
import { seedSurveyQuestions } from "./survey-questions.ts";

export type SeedOptions = {
  adminEmail: string;
  adminPassword: string | undefined;
  /** The hasher of the server being seeded (the test suite's is faster); Node's by default. */
  passwords?: PasswordHasher;
};
export type SeedReport = {
  surveyQuestions: number;
  categories: number;
  products: number;
  admin: string;
};

/**
 * Idempotent: safe on every start. The survey is reference data and is brought up to date each
 * time; the catalogue is only filled into an empty shop, so the administrator's edits and
 * deletions survive a restart; the administrator account is created, or repaired (role,
 * verification, password) to match ADMIN_EMAIL / ADMIN_PASSWORD.
 */
export async function seedDatabase(db: Database, options: SeedOptions): Promise<SeedReport> {
  for (const q of seedSurveyQuestions) {
    await db
      .insert(surveyQuestions)
      .values(q)
      .onConflictDoUpdate({
        target: surveyQuestions.id,
        set: { question: q.question, questionTr: q.questionTr, options: q.options, order: q.order },
      });
  }

  const shopIsEmpty = (await db.$count(categories)) === 0 && (await db.$count(products)) === 0;
  if (shopIsEmpty) {
    await db.batch([
      db.insert(categories).values(seedCategories),
      db.insert(products).values(
        seedProducts.map((p) => ({
          id: p.id,
          name: p.name,
          shortDescription: p.short_description,
          description: p.description,
          longDescription: p.long_description,
          categoryId: p.category_id,
          images: p.images,
          etsyLink: p.etsy_link,
          sortOrder: p.sort_order,
          temperaments: p.temperaments,
        })),
      ),
    ]);
  }

  const admin = await seedAdmin(db, options);
  return {
    surveyQuestions: await db.$count(surveyQuestions),
    categories: await db.$count(categories),
    products: await db.$count(products),
    admin,
  };
}

async function seedAdmin(
  db: Database,
  { adminEmail, adminPassword, passwords = nodePasswordHasher }: SeedOptions,
): Promise<string> {
  const email = foldEmail(adminEmail);
  const [existing] = await db.select().from(users).where(eq(users.email, email));
  if (!adminPassword) {
    // A pending sign-up's password was chosen by whoever typed the address: never the admin's
    // (docs/decisions/0034-pending-registrations.md).
    if (!existing?.emailVerifiedAt) {
      throw new Error("ADMIN_PASSWORD is required to create the administrator account");
    }
    await db.update(users).set({ role: "admin" }).where(eq(users.id, existing.id));
    return email;
  }
  if (!existing) {
    await db.insert(users).values({
      id: crypto.randomUUID(),
      email,
      firstName: "Site",
      lastName: "Admin",
      passwordHash: await passwords.hash(adminPassword),
      role: "admin",
      emailVerifiedAt: new Date(),
    });
    return email;
  }
  const samePassword = await passwords.verify(adminPassword, existing.passwordHash);
  await db
    .update(users)
    .set({
      role: "admin",
      emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
      ...(samePassword ? {} : { passwordHash: await passwords.hash(adminPassword), updatedAt: new Date() }),
    })
    .where(eq(users.id, existing.id));
  return email;
}
