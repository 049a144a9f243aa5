import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.ts";

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
});
