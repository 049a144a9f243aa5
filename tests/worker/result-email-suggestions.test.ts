import { readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { seedSurveyQuestions } from "../../drizzle/seed/survey-questions.ts";
import { emailOutbox, products } from "../../worker/db/schema.ts";
import { projectRoot } from "../../worker/entries/node-env.ts";
import { answerSurvey, createProduct, signupBody } from "../support/factories.ts";
import { setUpWorkerShop } from "./harness.ts";

// Issue 30 under workerd: the result e-mail the built Worker writes when a member confirms their
// address suggests the products that suit their result, with absolute links from PUBLIC_URL
// (http://shop.test here), and the cron's dispatcher delivers it to the development mailbox.

/** The PNG the build made of one of the shop's illustrations (dist/web, which the Worker serves). */
const previewOf = (image: string): string => {
  const previews = JSON.parse(readFileSync(join(projectRoot, "dist/web/share-previews.json"), "utf8")) as {
    images: Record<string, string>;
  };
  const preview = previews.images[image];
  if (!preview) throw new Error(`the build made no preview of ${image}`);
  return preview;
};

const shop = setUpWorkerShop({ clientAddress: "198.51.100.33", settings: { APP_ENV: "development" } });
const { request } = shop;

type MailboxMessage = { kind: string; to: string; text: string; html: string | null; sent_at: string | null };

/** Signs up with answers that make the member melancholic, then phlegmatic; confirms; runs the cron. */
async function signUpMelancholic(): Promise<MailboxMessage> {
  const body = signupBody(seedSurveyQuestions, {
    survey_responses: answerSurvey(seedSurveyQuestions, (i) => (i < 12 ? "melancholic" : "phlegmatic")),
  });
  const res = await request("POST", "/api/auth/signup", { body });
  expect(res.status).toBe(202);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const [verification] = await shop.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, body.email), eq(emailOutbox.kind, "verify_email")));
  const link = /http:\/\/shop\.test\/api\/auth\/verify\?token=[\w-]+/.exec(verification?.text ?? "")?.[0] ?? "";
  const verified = await shop.worker.dispatchFetch(link, { redirect: "manual", headers: { Cookie: cookie } });
  expect(verified.headers.get("Location")).toBe("/verify-success");

  const cron = await (await shop.worker.getWorker()).scheduled({ cron: "*/5 * * * *" });
  expect(cron.outcome).toBe("ok");
  const mailbox = (await (await request("GET", "/api/dev/mailbox")).json()) as MailboxMessage[];
  const result = mailbox.find((m) => m.to === body.email && m.kind === "temperament_result");
  expect(result?.sent_at).not.toBeNull();
  if (!result) throw new Error("no result e-mail in the mailbox");
  return result;
}

it("suggests the dominant temperament's products, then the secondary's, with the shop's absolute addresses", async () => {
  await shop.database.db.delete(products);
  const db = shop.database.db;
  const ginger = await createProduct(db, {
    name: "Zencefil",
    sortOrder: 1,
    temperaments: ["phlegmatic"],
    // One of the shop's illustrations: sent as its link preview's PNG (mail clients show no SVG).
    images: ["/images/products/zerdecal.svg"],
  });
  const cinnamon = await createProduct(db, {
    name: "Tarçın & <Bal>",
    sortOrder: 2,
    temperaments: ["melancholic"],
    images: ["/images/products/tarcin.svg", "/images/products/ikinci.svg"],
  });
  await createProduct(db, { name: "Sabun", sortOrder: 3, temperaments: [] });
  await createProduct(db, { name: "Karabiber", sortOrder: 4, temperaments: ["phlegmatic"] });
  await createProduct(db, { name: "Papatya", sortOrder: 0, temperaments: ["choleric"] });

  const mail = await signUpMelancholic();

  expect(mail.text).toContain(
    [
      "Suggested for your temperament:",
      "",
      "- Tarçın & <Bal>",
      `  http://shop.test/products/${cinnamon.id}`,
      "  Picture: http://shop.test/images/products/tarcin.svg",
      "",
      "- Zencefil",
      `  http://shop.test/products/${ginger.id}`,
      `  Picture: http://shop.test${previewOf("/images/products/zerdecal.svg")}`,
      "",
      "- Karabiber",
    ].join("\n"),
  );
  expect(mail.text).not.toMatch(/Sabun|Papatya|ikinci/);
  expect(mail.html).toContain(
    `<a href="http://shop.test/products/${cinnamon.id}" style="display:block;text-decoration:none;color:#26321f">`,
  );
  expect(mail.html).toContain('<img src="http://shop.test/images/products/tarcin.svg" alt=""');
  const preview = await shop.worker.dispatchFetch(`http://shop.test${previewOf("/images/products/zerdecal.svg")}`);
  expect([preview.status, preview.headers.get("Content-Type")]).toEqual([200, "image/png"]);
  await preview.body?.cancel();
  expect(mail.html).toContain(">Tarçın &#38; &#60;Bal&#62;</td>");
  expect(mail.html).not.toContain("<Bal>");
});

it("sends the result without the list when nothing suits", async () => {
  await shop.database.db.delete(products);
  await createProduct(shop.database.db, { name: "Papatya", temperaments: ["choleric", "sanguine"] });

  const mail = await signUpMelancholic();

  expect(mail.text).toContain("Melancholic (dominant)");
  expect(mail.text).not.toContain("Suggested for your temperament");
  expect(mail.html).not.toContain("Suggested for your temperament");
  expect(mail.html).not.toContain("/products/");
});
