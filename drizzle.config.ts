import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes migrations from the schema. `npx drizzle-kit migrate` applies
// them to whatever DATABASE_URL names: the local file by default, or Turso in production
// (DATABASE_URL=libsql://… DATABASE_AUTH_TOKEN=…).
export default defineConfig({
  schema: "./worker/db/schema.ts",
  out: "./drizzle",
  dialect: "turso",
  dbCredentials: {
    url: process.env.DATABASE_URL ?? "file:.data/app.db",
    authToken: process.env.DATABASE_AUTH_TOKEN || undefined,
  },
});
