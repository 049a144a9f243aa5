import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { projectRoot as root } from "../../worker/entries/node-env.ts";

// docs/architecture.md §2's layering, and what the Worker entry and product code may import (ADR 0012), are
// enforced by Biome's noRestrictedImports (biome.json's overrides), so `npm run lint` fails on a
// violation. This proves the rules are switched on and mean what they say: the project's own
// biome.json lints small files placed where the rules apply.

const biome = join(root, "node_modules/.bin/biome");
const dir = mkdtempSync(join(tmpdir(), "layering-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const config = JSON.parse(readFileSync(join(root, "biome.json"), "utf8")) as Record<string, unknown>;
// Outside a git checkout: lint every file written here.
writeFileSync(join(dir, "biome.json"), JSON.stringify({ ...config, vcs: { enabled: false }, files: {} }));

/** The import-rule diagnostics Biome reports for `path` (a file or folder) under `cwd`. */
function lintImports(cwd: string, path: string): { location: { path: string }; message: string }[] {
  let output: string;
  try {
    output = execFileSync(biome, ["lint", "--reporter=json", "--only=style/noRestrictedImports", path], {
      cwd,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (error) {
    output = (error as { stdout: string }).stdout; // exit 1: diagnostics found
  }
  const report = JSON.parse(output) as {
    diagnostics: { category: string; location: { path: string }; message: string }[];
  };
  return report.diagnostics.filter((d) => d.category === "lint/style/noRestrictedImports");
}

/** The import-rule messages Biome reports for `source` saved at `path` (relative to the root). */
function restrictedImports(path: string, source: string): string[] {
  const file = join(dir, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, source);
  try {
    return lintImports(dir, path).map((d) => d.message);
  } finally {
    rmSync(file);
  }
}

describe("the layering rules of docs/architecture.md §2", () => {
  it.each([
    [
      "web/features/catalogue/a.ts",
      'import { homeScreen } from "../home/home-screen.tsx";\nexport { homeScreen };',
      "A feature does not import",
    ],
    [
      "web/components/a.ts",
      'import { productCard } from "../features/catalogue/product-card.tsx";\nexport { productCard };',
      "components/ and lib/",
    ],
    [
      "web/lib/a.ts",
      'import { productCard } from "../features/catalogue/product-card.tsx";\nexport { productCard };',
      "components/ and lib/",
    ],
    [
      "web/lib/a.ts",
      'import { createDatabase } from "../../worker/db/client.ts";\nexport { createDatabase };',
      "web/ imports from worker/ only",
    ],
    [
      "web/routes/a.tsx",
      'import { createApp } from "../../worker/app.ts";\nexport { createApp };',
      "web/ imports only `type AppType`",
    ],
    [
      "worker/routes/a.ts",
      'import { renderPage } from "../../web/entry-server.tsx";\nexport { renderPage };',
      "worker/ imports nothing from web/",
    ],
    [
      "worker/entries/worker.ts",
      'import { renderPage } from "../../web/entry-server.tsx";\nexport { renderPage };',
      "worker/ imports nothing from web/",
    ],
    [
      "worker/auth/a.test.ts",
      'import { renderPage } from "../../web/entry-server.tsx";\nexport { renderPage };',
      "worker/ imports nothing from web/",
    ],
    // The admin's rooms (ADR 0074): a room imports no other room, nor another feature.
    [
      "web/features/admin/products/a.ts",
      'import { UsersTab } from "../users/users-tab.tsx";\nexport { UsersTab };',
      "An admin room does not import another room",
    ],
    [
      "web/features/admin/settings/a.ts",
      'import { useInsights } from "../insights/use-insights.ts";\nexport { useInsights };',
      "An admin room does not import another room",
    ],
    [
      "web/features/admin/products/a.ts",
      'import { productCard } from "../../catalogue/product-card.tsx";\nexport { productCard };',
      "A feature does not import",
    ],
    [
      "web/features/admin/products/a.ts",
      'import { createDatabase } from "../../../../worker/db/client.ts";\nexport { createDatabase };',
      "web/ imports from worker/ only",
    ],
    // outbox/ and exports/ serve the rooms; the frame's shared parts import no room either.
    [
      "web/features/admin/outbox/a.ts",
      'import { ProductsTab } from "../products/products-tab.tsx";\nexport { ProductsTab };',
      "outbox/ and exports/ are shared by the rooms",
    ],
    [
      "web/features/admin/exports/a.ts",
      'import { saveChange } from "../outbox/outbox.ts";\nexport { saveChange };',
      "outbox/ and exports/ are shared by the rooms",
    ],
    [
      "web/features/admin/a.tsx",
      'import { ProductsTab } from "./products/products-tab.tsx";\nexport { ProductsTab };',
      "only admin-dashboard.tsx imports a room",
    ],
    [
      "web/features/admin/a.ts",
      'import { productCard } from "../catalogue/product-card.tsx";\nexport { productCard };',
      "A feature does not import",
    ],
    ["worker/entries/worker.ts", 'import { argon2 } from "node:crypto";\nexport { argon2 };', "runs in workerd"],
    [
      "worker/entries/worker.ts",
      'import { nodePasswordHasher } from "../auth/password-node.ts";\nexport { nodePasswordHasher };',
      "with the WebAssembly engine",
    ],
    [
      "worker/auth/a.ts",
      'import { argon2id } from "@noble/hashes/argon2.js";\nexport { argon2id };',
      "pure-JavaScript",
    ],
    [
      "worker/entries/worker.ts",
      'import { argon2id } from "@noble/hashes/argon2.js";\nexport { argon2id };',
      "pure-JavaScript",
    ],
    [
      "drizzle/seed/a.ts",
      'import { argon2id } from "@noble/hashes/argon2.js";\nexport { argon2id };',
      "pure-JavaScript",
    ],
    // nodemailer must stay out of the Worker bundle (ADR 0013).
    [
      "worker/email/transports/http-api.ts",
      'import { createTransport } from "nodemailer";\nexport { createTransport };',
      "nodemailer is Node-only",
    ],
    [
      "worker/entries/node.ts",
      'import { createTransport } from "nodemailer";\nexport { createTransport };',
      "nodemailer is Node-only",
    ],
    [
      "worker/email/worker-mailer.ts",
      'import { createSmtpMailer } from "./transports/smtp.ts";\nexport { createSmtpMailer };',
      "Only worker/email/node-mailer.ts imports the SMTP transport",
    ],
    [
      "worker/entries/worker.ts",
      'import { createNodeMailer } from "../email/node-mailer.ts";\nexport { createNodeMailer };',
      "The Node mailer (SMTP through nodemailer) is for the Node entry and the CLIs",
    ],
  ])("refuses %s: %s", (path, source, message) => {
    const messages = restrictedImports(path, `${source}\n`);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(message);
  });

  it.each([
    [
      "web/features/catalogue/a.ts",
      'import { whenIdle } from "../../lib/idle.ts";\nimport { card } from "./product-card.tsx";\nexport { card, whenIdle };',
    ],
    [
      "web/routes/a.tsx",
      'import { productCard } from "../features/catalogue/product-card.tsx";\nexport { productCard };',
    ],
    [
      "web/features/admin/products/a.ts",
      'import { productSchema } from "../../../../worker/contract/catalogue.ts";\nimport { getSessionManager } from "../../../lib/session.ts";\nimport { fetchProduct } from "../admin-api.ts";\nimport { saveChange } from "../outbox/outbox.ts";\nimport { ProductForm } from "./product-form.tsx";\nexport { fetchProduct, getSessionManager, ProductForm, productSchema, saveChange };',
    ],
    [
      "web/features/admin/settings/a.ts",
      'import { downloadFile } from "../exports/download-file.ts";\nimport { useTabAction } from "../use-tab-action.ts";\nexport { downloadFile, useTabAction };',
    ],
    [
      "web/features/admin/outbox/a.ts",
      'import { applyOutbox } from "../../../lib/admin-outbox.ts";\nimport { VersionConflictError } from "../admin-api.ts";\nimport { createReplayer } from "./outbox-replayer.ts";\nexport { applyOutbox, createReplayer, VersionConflictError };',
    ],
    [
      "web/features/admin/admin-dashboard.tsx",
      'import { OutboxStatus } from "./outbox/outbox-status.tsx";\nimport { ProductsTab } from "./products/products-tab.tsx";\nexport { OutboxStatus, ProductsTab };',
    ],
    ["web/features/admin/a.ts", 'import { saveChange } from "./outbox/outbox.ts";\nexport { saveChange };'],
    ["web/lib/a.ts", 'import type { AppType } from "../../worker/app.ts";\nexport type { AppType };'],
    ["web/lib/a.ts", 'import { productSchema } from "../../worker/contract/catalogue.ts";\nexport { productSchema };'],
    ["worker/entries/a.ts", 'import { renderPage } from "web-ssr";\nexport { renderPage };'],
    [
      "worker/entries/worker.ts",
      'import argon2Wasm from "@phi-ag/argon2/argon2.wasm";\nimport { renderPage } from "web-ssr";\nimport { createWasmPasswordHasher } from "../auth/password-wasm.ts";\nexport { argon2Wasm, createWasmPasswordHasher, renderPage };',
    ],
    [
      "worker/entries/node.ts",
      'import { readFile } from "node:fs/promises";\nimport { nodePasswordHasher } from "../auth/password-node.ts";\nexport { nodePasswordHasher, readFile };',
    ],
    // The engines' tests check them against the pure-JavaScript argon2id.
    ["worker/auth/a.test.ts", 'import { argon2id } from "@noble/hashes/argon2.js";\nexport { argon2id };'],
    ["worker/email/transports/smtp.ts", 'import { createTransport } from "nodemailer";\nexport { createTransport };'],
    [
      "worker/email/node-mailer.ts",
      'import { createSmtpMailer } from "./transports/smtp.ts";\nexport { createSmtpMailer };',
    ],
    [
      "worker/entries/node.ts",
      'import { createNodeMailer } from "../email/node-mailer.ts";\nexport { createNodeMailer };',
    ],
    ["worker/cli/a.ts", 'import { createNodeMailer } from "../email/node-mailer.ts";\nexport { createNodeMailer };'],
  ])("allows %s: %s", (path, source) => {
    expect(restrictedImports(path, `${source}\n`)).toEqual([]);
  });

  // The rooms' rule is the one a move between folders breaks first: the admin's own files are
  // linted here too, so a room that imports another fails this test, not only `npm run lint`.
  it("holds in the admin's code as it is (ADR 0074)", () => {
    const broken = lintImports(root, "web/features/admin").map((d) => `${d.location.path}: ${d.message}`);
    expect(broken).toEqual([]);
  });
});
