/**
 * Child process: the real Node server (`worker/entries/node.ts`, APP_ENV=production, the built
 * PWA and the API on one loopback port) over a fresh libSQL file in its own temp folder,
 * migrated and seeded as on a fresh install. `--products N` tops the catalogue up to N products
 * (copies of the seeded ones, so the payload has realistic texts); `--members N` adds N confirmed
 * members, each with all 20 answers and a temperament result. Prints one JSON ready line:
 * {"ready":true,"url":…,"port":…,"tempDir":…,"products":…,"members":…}.
 *
 *   node tests/bench/app-server.ts [--products 500] [--members 1000]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { seedSurveyQuestions } from "../../drizzle/seed/survey-questions.ts";
import { nodePasswordHasher } from "../../worker/auth/password-node.ts";
import { openNodeDatabase } from "../../worker/db/node-database.ts";
import { surveyResponses, temperamentResults, users } from "../../worker/db/schema.ts";
import { startNodeServer } from "../../worker/entries/node.ts";
import { scoreTemperament } from "../../worker/survey/temperament.ts";
import { topUpCatalogue } from "./catalogue-size.ts";
import { announceReady } from "./child.ts";
import { root } from "./common.ts";

const { values } = parseArgs({
  options: { products: { type: "string", default: "0" }, members: { type: "string", default: "0" } },
});
const wanted = Number(values.products);
const wantedMembers = Number(values.members);
for (const [name, value] of [
  ["products", wanted],
  ["members", wantedMembers],
] as const) {
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, got ${value}`);
}

const tempDir = mkdtempSync(join(tmpdir(), "wellness-bench-"));
const removeTempDir = () => rmSync(tempDir, { recursive: true, force: true });

// Only what the bench sets: the parent's environment (PORT, a developer's DATABASE_URL…) stays out.
const env = {
  APP_ENV: "production",
  HOST: "127.0.0.1",
  DATABASE_URL: `file:${join(tempDir, "app.db")}`,
  JWT_SECRET: "bench-only-jwt-secret-that-is-long-enough-0123456789",
  ADMIN_EMAIL: "admin@bench.test",
  ADMIN_PASSWORD: "bench-admin-password",
  PUBLIC_URL: "http://127.0.0.1",
  LOG_LEVEL: "silent",
};

try {
  const server = await startNodeServer(env, { port: 0 });
  const { client, db } = openNodeDatabase({ DATABASE_URL: env.DATABASE_URL, DATABASE_AUTH_TOKEN: undefined }, root);
  const count = await topUpCatalogue(db, wanted).finally(() => client.close());
  const members = await addMembers(wantedMembers);
  const ready = { url: server.url, port: Number(new URL(server.url).port), tempDir, products: count, members };
  announceReady(ready, async () => {
    await server.close();
    removeTempDir();
  });
} catch (error) {
  removeTempDir();
  throw error;
}

/**
 * Adds confirmed members with every question answered and a result, in batches. They share one
 * password hash: hashing 1,000 passwords would only slow the bench's start.
 */
async function addMembers(total: number): Promise<number> {
  if (total === 0) return 0;
  const { client, db } = openNodeDatabase({ DATABASE_URL: env.DATABASE_URL, DATABASE_AUTH_TOKEN: undefined }, root);
  try {
    const passwordHash = await nodePasswordHasher.hash("bench-member-password");
    for (let start = 0; start < total; start += 50) {
      const batch = Array.from({ length: Math.min(50, total - start) }, (_, i) => start + i);
      const ids = batch.map(() => crypto.randomUUID());
      const answersOf = (n: number) =>
        seedSurveyQuestions.map((q, i) => ({ questionId: q.id, option: q.options[(n + i) % q.options.length] }));
      await db.batch([
        db.insert(users).values(
          batch.map((n, i) => ({
            id: ids[i] as string,
            email: `member.${n}@bench.test`,
            firstName: "Üye",
            lastName: `Numara ${n}`,
            passwordHash,
            emailVerifiedAt: new Date(),
          })),
        ),
        db.insert(surveyResponses).values(
          batch.flatMap((n, i) =>
            answersOf(n).map((a) => ({
              userId: ids[i] as string,
              questionId: a.questionId,
              answer: a.option?.text ?? "",
            })),
          ),
        ),
        db.insert(temperamentResults).values(
          batch.map((n, i) => ({
            userId: ids[i] as string,
            ...scoreTemperament(answersOf(n).flatMap((a) => (a.option ? [a.option] : []))),
          })),
        ),
      ]);
    }
    return await db.$count(users, eq(users.role, "member"));
  } finally {
    client.close();
  }
}
