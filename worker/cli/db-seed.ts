import { seedDatabase } from "../../drizzle/seed/seed.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { failWith, openCliContext } from "./cli-context.ts";

// npm run db:seed — migrates, then seeds survey, sample catalogue (into an empty shop) and admin.
const { client, db, config } = openCliContext();
try {
  await migrateDatabase(db);
  const report = await seedDatabase(db, {
    adminEmail: config.ADMIN_EMAIL,
    adminPassword: config.ADMIN_PASSWORD,
  });
  console.log(
    `Seeded ${config.DATABASE_URL}: ${report.surveyQuestions} survey questions, ${report.categories} categories, ${report.products} products, administrator ${report.admin}`,
  );
} catch (error) {
  failWith(`Cannot seed ${config.DATABASE_URL}`, error);
} finally {
  client.close();
}
