import { readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { commonPasswordsText } from "./common-passwords.ts";
import { ConfigError, parseConfig, publishedExampleValues } from "./config.ts";

const valid = {
  DATABASE_URL: "file:.data/app.db",
  JWT_SECRET: "0123456789abcdef0123456789abcdef",
  ADMIN_EMAIL: " Admin@Example.COM ",
  PUBLIC_URL: "https://shop.example",
};

describe("parseConfig", () => {
  it("accepts a complete configuration and normalises the admin e-mail", () => {
    const config = parseConfig(valid);
    expect(config.ADMIN_EMAIL).toBe("admin@example.com");
    expect(config.APP_ENV).toBe("production");
    expect(config.CORS_ORIGINS).toEqual([]);
  });

  it("names each missing variable on one line", () => {
    expect(() => parseConfig({})).toThrow(
      new ConfigError(
        "Invalid configuration: DATABASE_URL is required; JWT_SECRET is required; ADMIN_EMAIL is required",
      ),
    );
  });

  it("says what is wrong with a bad value", () => {
    expect(() => parseConfig({ ...valid, JWT_SECRET: "short" })).toThrow(
      "Invalid configuration: JWT_SECRET must be at least 32 bytes long",
    );
    expect(() => parseConfig({ ...valid, DATABASE_URL: "postgres://x" })).toThrow(
      "DATABASE_URL must be a libSQL URL (file:, libsql:, http(s):, ws(s):)",
    );
    expect(() => parseConfig({ ...valid, APP_ENV: "staging" })).toThrow(/^Invalid configuration: APP_ENV /);
  });

  it("requires the public URL in production, where e-mail links are built from it", () => {
    expect(() => parseConfig({ ...valid, PUBLIC_URL: "" })).toThrow(
      new ConfigError("Invalid configuration: PUBLIC_URL is required in production"),
    );
    expect(parseConfig({ ...valid, PUBLIC_URL: "", APP_ENV: "development" }).PUBLIC_URL).toBeUndefined();
  });

  it("treats empty strings as unset", () => {
    expect(() => parseConfig({ ...valid, JWT_SECRET: "" })).toThrow("JWT_SECRET is required");
  });

  it("never lets production use a transport that delivers nothing", () => {
    expect(() => parseConfig({ ...valid, APP_ENV: "production", MAIL_TRANSPORT: "dev-mailbox" })).toThrow(
      new ConfigError(
        "Invalid configuration: MAIL_TRANSPORT is dev-mailbox, which delivers nothing: set a transport that sends e-mail, or leave it unset to keep messages in the outbox",
      ),
    );
    // Unset in production: no transport, so messages wait in the outbox.
    expect(parseConfig({ ...valid, APP_ENV: "production" }).MAIL_TRANSPORT).toBeUndefined();
    // Elsewhere the development mailbox is the default.
    expect(parseConfig({ ...valid, APP_ENV: "development" }).MAIL_TRANSPORT).toBe("dev-mailbox");
    expect(parseConfig({ ...valid, APP_ENV: "test" }).MAIL_TRANSPORT).toBe("dev-mailbox");
  });

  it("names each transport's missing settings in the one line", () => {
    expect(() => parseConfig({ ...valid, APP_ENV: "development", MAIL_TRANSPORT: "smtp" })).toThrow(
      new ConfigError("Invalid configuration: SMTP_URL is required when MAIL_TRANSPORT is smtp"),
    );
    expect(() => parseConfig({ ...valid, APP_ENV: "development", MAIL_TRANSPORT: "http-api" })).toThrow(
      new ConfigError("Invalid configuration: MAIL_API_KEY is required when MAIL_TRANSPORT is http-api"),
    );
    // Production also wants a real sender; both problems are named together.
    expect(() => parseConfig({ ...valid, MAIL_TRANSPORT: "http-api" })).toThrow(
      new ConfigError(
        "Invalid configuration: MAIL_FROM is required in production when MAIL_TRANSPORT is set: the sender address your provider accepts; MAIL_API_KEY is required when MAIL_TRANSPORT is http-api",
      ),
    );
    expect(() => parseConfig({ ...valid, MAIL_TRANSPORT: "bogus" as string })).toThrow(
      /^Invalid configuration: MAIL_TRANSPORT /,
    );
  });

  it("never repeats an SMTP URL it refuses (it may hold a password)", () => {
    const bad = "http://user:s3cret-pass@mail.example.com";
    let message = "";
    try {
      parseConfig({ ...valid, APP_ENV: "development", MAIL_TRANSPORT: "smtp", SMTP_URL: bad });
    } catch (error) {
      message = String(error);
    }
    expect(message).toContain("SMTP_URL must be a URL such as smtp://user:password@smtp.example.com:587");
    expect(message).not.toContain("s3cret-pass");
  });

  it("accepts each transport with its settings, and reads the sender and the tries", () => {
    const smtp = parseConfig({
      ...valid,
      MAIL_TRANSPORT: "smtp",
      SMTP_URL: "smtps://shop:p%40ss@smtp.example.com:465",
      MAIL_FROM: "Doğal Yaşam <merhaba@dogalyasam.com.tr>",
      MAIL_MAX_ATTEMPTS: "5",
    });
    expect(smtp).toMatchObject({ MAIL_TRANSPORT: "smtp", MAIL_MAX_ATTEMPTS: 5 });
    const api = parseConfig({ ...valid, MAIL_TRANSPORT: "http-api", MAIL_API_KEY: "re_123", MAIL_FROM: "a@b.example" });
    expect(api.MAIL_API_URL).toBe("https://api.resend.com");
    expect(api.MAIL_MAX_ATTEMPTS).toBe(8);
    expect(parseConfig({ ...valid, MAIL_TRANSPORT: "cloudflare", MAIL_FROM: "a@b.example" }).MAIL_TRANSPORT).toBe(
      "cloudflare",
    );
    // The default sender is for development only.
    expect(parseConfig({ ...valid, APP_ENV: "development" }).MAIL_FROM).toBe("Doğal Yaşam <no-reply@localhost>");
  });

  it("refuses a sender that is no address, a plain-http API in production, and silly try counts", () => {
    expect(() => parseConfig({ ...valid, APP_ENV: "development", MAIL_FROM: "Doğal Yaşam" })).toThrow(
      "MAIL_FROM must be an address or Name <address>",
    );
    expect(() =>
      parseConfig({
        ...valid,
        MAIL_TRANSPORT: "http-api",
        MAIL_API_KEY: "re_123",
        MAIL_FROM: "a@b.example",
        MAIL_API_URL: "http://api.example",
      }),
    ).toThrow(
      new ConfigError(
        "Invalid configuration: MAIL_API_URL must use https in production: the API key goes with every request",
      ),
    );
    expect(() => parseConfig({ ...valid, MAIL_MAX_ATTEMPTS: "0" })).toThrow(/MAIL_MAX_ATTEMPTS/);
  });

  describe("the administrator's password in production (issue 37: it accepted 123456)", () => {
    const production = { ...valid, APP_ENV: "production" };
    const weak = new ConfigError(
      "Invalid configuration: ADMIN_PASSWORD is too easy to guess: in production use at least 12 characters, and none of the most common passwords",
    );
    const common = commonPasswordsText.split("\n").filter(Boolean);

    it("ships the list with its source named, a few hundred of them", () => {
      expect(common).toHaveLength(500);
      expect(common.slice(0, 3)).toEqual(["123456", "password", "12345678"]);
    });

    it("refuses one shorter than 12 characters, however unusual", () => {
      expect(() => parseConfig({ ...production, ADMIN_PASSWORD: "123456" })).toThrow(weak);
      expect(() => parseConfig({ ...production, ADMIN_PASSWORD: "Zq8#rL2!vN0" })).toThrow(weak);
      // Characters, not bytes: twelve Turkish letters are long enough.
      expect(parseConfig({ ...production, ADMIN_PASSWORD: "çğıöşüÇĞİÖŞÜ" }).ADMIN_PASSWORD).toBe("çğıöşüÇĞİÖŞÜ");
    });

    it("refuses every password of the list, in any case, and accepts a long uncommon one", () => {
      for (const password of [...common, "QWERTYUIOP", " 1234567890 "]) {
        expect(() => parseConfig({ ...production, ADMIN_PASSWORD: password }), password).toThrow(weak);
      }
      expect(parseConfig({ ...production, ADMIN_PASSWORD: "kekik-ıhlamur-42" }).ADMIN_PASSWORD).toBe(
        "kekik-ıhlamur-42",
      );
    });

    it("leaves development alone, where npm start prints the local password", () => {
      expect(parseConfig({ ...production, APP_ENV: "development", ADMIN_PASSWORD: "123456" }).ADMIN_PASSWORD).toBe(
        "123456",
      );
    });
  });

  describe("the published examples of .dev.vars.example", () => {
    const example = parseEnv(readFileSync(new URL("../../.dev.vars.example", import.meta.url), "utf8")) as Record<
      string,
      string
    >;
    const production = { ...valid, APP_ENV: "production" };
    const defaults = parseConfig(production) as Record<string, unknown>;
    // Settings the example gives a value that is no secret and not the shop's identity: the mode,
    // the local database file, the development mailbox (refused in production on its own), the
    // port, and whatever merely writes out the default.
    const notSecret = new Set(["APP_ENV", "DATABASE_URL", "MAIL_TRANSPORT", "PORT"]);
    const chosenPerDeployment = Object.entries(example).filter(
      ([name, value]) =>
        value !== "" && !notSecret.has(name) && !name.startsWith("VITE_") && String(defaults[name]) !== value,
    );

    it("are all known to the configuration, so none can slip into production", () => {
      expect(Object.fromEntries(chosenPerDeployment)).toEqual(publishedExampleValues);
    });

    it.each(chosenPerDeployment)("refuses %s's example value in production, naming the variable", (name, value) => {
      expect(() => parseConfig({ ...production, [name]: value })).toThrow(
        new ConfigError(
          `Invalid configuration: ${name} is the published example from .dev.vars.example: set a value of your own in production`,
        ),
      );
      // Elsewhere the examples are what `npm start` runs with.
      expect(() => parseConfig({ ...production, APP_ENV: "development", [name]: value })).not.toThrow();
    });

    it("refuses the example file used as it is for production, naming every example secret", () => {
      expect(() =>
        parseConfig({ ...example, APP_ENV: "production", PUBLIC_URL: "https://shop.example", MAIL_TRANSPORT: "" }),
      ).toThrow(
        new ConfigError(
          "Invalid configuration: JWT_SECRET is the published example from .dev.vars.example: set a value of your own in production; ADMIN_EMAIL is the published example from .dev.vars.example: set a value of your own in production; ADMIN_PASSWORD is the published example from .dev.vars.example: set a value of your own in production; MAIL_FROM is the published example from .dev.vars.example: set a value of your own in production",
        ),
      );
    });
  });
});
