import { and, eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { beforeEach, describe, expect, it } from "vitest";
import { emailOutbox, products } from "../../worker/db/schema.ts";
import { dispatchOutbox } from "../../worker/email/dispatcher.ts";
import { createLogger } from "../../worker/lib/logger.ts";
import { answerSurvey, createProduct, createSurvey, signupBody } from "../support/factories.ts";
import { registrationCookie } from "../support/members.ts";
import { startSmtpReceiver } from "../support/smtp-receiver.ts";
import { createTestApp } from "../support/test-app.ts";

// Issue 30: the temperament result e-mail suggests up to three products that suit the member's
// result (the dominant temperament's, then the secondary's, in display order), with absolute
// links from PUBLIC_URL. The member signs up and confirms through the app; the real dispatcher
// delivers to a real SMTP server on loopback, and what arrives is parsed back with mailparser.

const { received, mailer } = await startSmtpReceiver();

const origin = "https://dogalyasam.example";
const { app, db, clock } = await createTestApp({ PUBLIC_URL: `${origin}/`, SIGNUP_LIMIT_PER_HOUR: 1000 });
const survey = await createSurvey(db);

beforeEach(async () => {
  received.length = 0;
  await db.delete(products);
});

/** Signs a member up with answers that make them melancholic, then phlegmatic; confirms; delivers. */
async function signUpMelancholic(): Promise<ParsedMail> {
  const body = signupBody(survey, {
    survey_responses: answerSurvey(survey, (i) => (i < 12 ? "melancholic" : "phlegmatic")),
  });
  const signedUp = await app.request("/api/auth/signup", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(signedUp.status).toBe(202);
  const cookie = registrationCookie(signedUp);
  const [verification] = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, body.email), eq(emailOutbox.kind, "verify_email")));
  const link = /https:\/\/\S+\/api\/auth\/verify\?token=[\w-]+/.exec(verification?.text ?? "")?.[0] ?? "";
  const verified = await app.request(link.replace(origin, ""), { headers: { Cookie: cookie } });
  expect(verified.headers.get("Location")).toBe("/verify-success");

  const deps = { db, clock, logger: createLogger("silent"), from: "Doğal Yaşam <no-reply@dogalyasam.test>" };
  await dispatchOutbox({ ...deps, mailer, maxAttempts: 8 });
  const mail = received.find((m) => m.subject === "Your temperament test result · Doğal Yaşam");
  if (!mail) throw new Error(`no result e-mail reached the SMTP server (${received.length} messages)`);
  return mail;
}

describe("the result e-mail's suggested products", () => {
  it("lists the dominant temperament's products, then the secondary's, three at most, with absolute links and pictures", async () => {
    // Display order is sort_order: the secondary's first product comes before the dominant's.
    const warming = await createProduct(db, {
      name: "Zencefil",
      sortOrder: 1,
      temperaments: ["phlegmatic"],
      images: ["/images/products/zencefil.svg"],
    });
    const spice = await createProduct(db, {
      name: `Tarçın <"Seylan"> & Bal`,
      sortOrder: 2,
      temperaments: ["melancholic"],
      images: ["https://cdn.example/tarcin.png"],
    });
    await createProduct(db, { name: "Sabun", sortOrder: 3, temperaments: [] }); // for everyone: no suggestion
    const oil = await createProduct(db, {
      name: "Çörek Otu Yağı",
      sortOrder: 4,
      temperaments: ["melancholic", "phlegmatic"],
      images: [],
    });
    await createProduct(db, { name: "Karabiber", sortOrder: 5, temperaments: ["phlegmatic"] }); // the fourth
    await createProduct(db, { name: "Papatya", sortOrder: 0, temperaments: ["choleric", "sanguine"] });

    const mail = await signUpMelancholic();

    const text = mail.text ?? "";
    expect(text).toContain(
      [
        "Suggested for your temperament:",
        "",
        `- Tarçın <"Seylan"> & Bal`,
        `  ${origin}/products/${spice.id}`,
        "  Picture: https://cdn.example/tarcin.png",
        "",
        "- Çörek Otu Yağı",
        `  ${origin}/products/${oil.id}`,
        "",
        "- Zencefil",
        `  ${origin}/products/${warming.id}`,
        `  Picture: ${origin}/images/products/zencefil.svg`,
        "",
      ].join("\n"),
    );
    expect(text).not.toMatch(/Karabiber|Sabun|Papatya/);

    const html = typeof mail.html === "string" ? mail.html : "";
    expect(html).toContain(">Suggested for your temperament</h2>");
    const productLinks = [...html.matchAll(/<a href="([^"]*\/products\/[^"]*)"[^>]*>(.*?)<\/a>/gs)].map(
      ([, href, inner]) => ({
        href,
        picture: /<img src="([^"]*)"/.exec(inner ?? "")?.[1] ?? null,
        name: (inner ?? "").replace(/<[^>]*>/g, ""),
      }),
    );
    expect(productLinks).toEqual([
      {
        href: `${origin}/products/${spice.id}`,
        picture: "https://cdn.example/tarcin.png",
        name: "Tarçın &#60;&#34;Seylan&#34;&#62; &#38; Bal",
      },
      { href: `${origin}/products/${oil.id}`, picture: null, name: "Çörek Otu Yağı" },
      {
        href: `${origin}/products/${warming.id}`,
        picture: `${origin}/images/products/zencefil.svg`,
        name: "Zencefil",
      },
    ]);
    expect(html).not.toContain('<"Seylan">');
    // Every address in the message is absolute and the shop's own or the picture's host.
    for (const [, address] of html.matchAll(/(?:href|src)="([^"]*)"/g)) {
      expect(address).toMatch(/^https:\/\/(dogalyasam|cdn)\.example\//);
    }
  });

  it("names a product by its English name to an English-language member, a product without one by its Turkish name marked lang=tr (ADR 0087)", async () => {
    await createProduct(db, {
      name: "Çörek Otu Yağı",
      nameEn: "Black Seed Oil",
      sortOrder: 1,
      temperaments: ["melancholic"],
    });
    await createProduct(db, { name: "Zencefil", sortOrder: 2, temperaments: ["melancholic"] });

    const mail = await signUpMelancholic();

    expect(mail.text).toContain("- Black Seed Oil\n");
    expect(mail.text).toContain("- Zencefil\n");
    expect(mail.text).not.toContain("Çörek Otu Yağı");
    const html = typeof mail.html === "string" ? mail.html : "";
    expect(html).toMatch(/<td style="[^"]*">Black Seed Oil<\/td>/);
    expect(html).toMatch(/<td lang="tr" style="[^"]*">Zencefil<\/td>/);
  });

  it("offers a stored photo in its three widths (absolute srcset, a small src, a fixed box); a URL picture as it is (issue 41)", async () => {
    const hash = "a1".repeat(32);
    const photo = await createProduct(db, {
      name: "Lavanta Yağı",
      sortOrder: 1,
      temperaments: ["melancholic"],
      images: [`/images/${hash}-1600.webp`],
    });
    const url = await createProduct(db, {
      name: "Tarçın",
      sortOrder: 2,
      temperaments: ["melancholic"],
      images: ["https://cdn.example/tarcin.png?w=1&h=2"],
    });

    const mail = await signUpMelancholic();

    const html = typeof mail.html === "string" ? mail.html : "";
    const images = [...html.matchAll(/<a href="([^"]*\/products\/[^"]*)"[^>]*>.*?(<img [^>]*>)/gs)].map(
      ([, href, img]) => ({
        href,
        attributes: Object.fromEntries([...(img ?? "").matchAll(/ ([a-z]+)="([^"]*)"/g)].map(([, k, v]) => [k, v])),
      }),
    );
    const box = {
      alt: "",
      width: "96",
      height: "72",
      style: expect.stringContaining("width:96px;height:72px;") as unknown as string,
    };
    expect(images).toEqual([
      {
        href: `${origin}/products/${photo.id}`,
        attributes: {
          src: `${origin}/images/${hash}-480.webp`,
          srcset: `${origin}/images/${hash}-480.webp 480w, ${origin}/images/${hash}-960.webp 960w, ${origin}/images/${hash}-1600.webp 1600w`,
          sizes: "96px",
          ...box,
        },
      },
      // Shown as today: its address alone, escaped.
      {
        href: `${origin}/products/${url.id}`,
        attributes: { src: "https://cdn.example/tarcin.png?w=1&#38;h=2", ...box },
      },
    ]);
    // The text part names the small variant, which any mail client or browser opens.
    expect(mail.text).toContain(
      `- Lavanta Yağı\n  ${origin}/products/${photo.id}\n  Picture: ${origin}/images/${hash}-480.webp\n`,
    );
    expect(mail.text).toContain("  Picture: https://cdn.example/tarcin.png?w=1&h=2\n");
  });

  it("offers a stored photo narrower than 480 px in its one width", async () => {
    const hash = "b2".repeat(32);
    await createProduct(db, { name: "Sabun", temperaments: ["melancholic"], images: [`/images/${hash}-400.jpg`] });

    const mail = await signUpMelancholic();

    const html = typeof mail.html === "string" ? mail.html : "";
    expect(html).toContain(
      `<img src="${origin}/images/${hash}-400.jpg" srcset="${origin}/images/${hash}-400.jpg 400w" sizes="96px" alt="" width="96" height="72"`,
    );
  });

  it("sends the e-mail without the list when no product suits the member's temperaments", async () => {
    await createProduct(db, { name: "Papatya", temperaments: ["choleric", "sanguine"] });
    await createProduct(db, { name: "Sabun", temperaments: [] });

    const mail = await signUpMelancholic();

    expect(mail.text).toContain("Melancholic (dominant)");
    expect(mail.text).toContain(`${origin}/profile`);
    for (const part of [mail.text ?? "", typeof mail.html === "string" ? mail.html : ""]) {
      expect(part).not.toContain("Suggested for your temperament");
      expect(part).not.toContain("/products/");
    }
  });
});
