import { z } from "zod";
import { foldEmail } from "../contract/auth.ts";
import { parseMailbox } from "../email/mailbox-address.ts";
import { commonPasswordsText } from "./common-passwords.ts";

/** How e-mail can leave; which runtime offers which is decided by the entries' mailer factories. */
export const mailTransports = ["dev-mailbox", "smtp", "http-api", "cloudflare"] as const;
export type MailTransport = (typeof mailTransports)[number];

/**
 * Every setting the server reads, validated once at start-up. The Node entry feeds it
 * `process.env`; the Worker entry feeds it the Worker's `env` bindings. A bad value stops
 * the server with one line naming the variable (see `formatConfigError`).
 */
const configSchema = z.object({
  APP_ENV: z.enum(["development", "production", "test"]).default("production"),
  DATABASE_URL: z
    .string()
    .min(1)
    .refine((v) => /^(file|libsql|https?|wss?):/.test(v) || v === ":memory:", {
      message: "must be a libSQL URL (file:, libsql:, http(s):, ws(s):)",
    }),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  JWT_SECRET: z.string().refine((v) => new TextEncoder().encode(v).byteLength >= 32, {
    message: "must be at least 32 bytes long",
  }),
  // Folded as the contract folds what a visitor types, so the two compare equal.
  ADMIN_EMAIL: z
    .string()
    .transform(foldEmail)
    .pipe(z.email({ message: "must be an e-mail address" })),
  // The administrator's password, for the seed that creates the account (the Node server and
  // the CLIs; a Worker never seeds).
  ADMIN_PASSWORD: z.string().optional(),
  PUBLIC_URL: z.url({ message: "must be an absolute URL such as https://shop.example" }).optional(),
  // How e-mail leaves (worker/email/transports/, docs/decisions/0013-…). Unset in production:
  // messages wait in the outbox until a transport is configured.
  MAIL_TRANSPORT: z.enum(mailTransports).optional(),
  // The sender; a default outside production only (no-reply@localhost would be refused by any
  // real provider).
  MAIL_FROM: z
    .string()
    .refine((v) => parseMailbox(v) !== null, {
      message: "must be an address or Name <address>, such as Doğal Yaşam <no-reply@dogalyasam.com.tr>",
    })
    .optional(),
  // Tries before a message is given up as failed (kept in the outbox for the admin).
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(8),
  // smtp: the server, with credentials. The message never repeats the value: it holds a password.
  SMTP_URL: z
    .string()
    .refine((v) => URL.canParse(v) && /^smtps?:$/.test(new URL(v).protocol) && new URL(v).hostname !== "", {
      message: "must be a URL such as smtp://user:password@smtp.example.com:587 (smtps:// for TLS from the start)",
    })
    .optional(),
  // http-api: Resend's API (or one that speaks its format) and its key.
  MAIL_API_URL: z
    .url({ message: "must be an absolute URL such as https://api.resend.com" })
    .default("https://api.resend.com"),
  MAIL_API_KEY: z.string().optional(),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  // How long after the address is confirmed the temperament result e-mail waits (docs/product.md §1: it
  // leaves within 24 hours of registering, so the wait never passes that mark).
  RESULT_EMAIL_DELAY_MINUTES: z.coerce.number().int().min(0).max(1440).default(0),
  // Requests one address (IP) may make per hour, counted in the database (docs/architecture.md §4).
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  VERIFY_RESEND_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  RECOVER_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  // Sign-in attempts per 15 minutes: on one account (whoever tries), and from one address
  // (whatever the accounts). A success clears its account's count, never the address's.
  SIGNIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  SIGNIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(50),
});

/**
 * What `.dev.vars.example` publishes for the settings each deployment must choose for itself.
 * Anyone can read that file, so production refuses these values (worker/config/config.test.ts
 * checks this list against the file: a new example secret must be added here).
 */
export const publishedExampleValues = {
  JWT_SECRET: "dev-only-secret-change-me-0123456789abcdef",
  ADMIN_EMAIL: "admin@dogalyasam.local",
  ADMIN_PASSWORD: "admin-dev-password",
  MAIL_FROM: "Doğal Yaşam <no-reply@dogalyasam.local>",
} as const satisfies Record<string, string>;

/** The shortest administrator's password production accepts (issue 37: it accepted `123456`). */
export const adminPasswordMinLength = 12;

const commonPasswords = new Set(commonPasswordsText.split("\n").map((line) => line.trim().toLowerCase()));

/**
 * Whether production refuses this administrator's password: the one account that can change the
 * whole shop must not fall to the first guesses of a list every attacker starts with.
 */
export const isWeakAdminPassword = (password: string) =>
  [...password].length < adminPasswordMinLength || commonPasswords.has(password.trim().toLowerCase());

/** Transports that only keep messages where a developer can read them: never for real users. */
const localOnlyTransports = new Set(["dev-mailbox"]);

/** Settings that are valid alone but wrong together, or wrong for production. */
const checkedConfigSchema = configSchema
  .superRefine((config, issues) => {
    if (config.APP_ENV === "production") {
      for (const [name, example] of Object.entries(publishedExampleValues)) {
        const value = config[name as keyof typeof config];
        if (typeof value === "string" && value.trim().toLowerCase() === example.toLowerCase()) {
          issues.addIssue({
            code: "custom",
            path: [name],
            message: "is the published example from .dev.vars.example: set a value of your own in production",
          });
        }
      }
    }
    if (config.APP_ENV === "production" && config.ADMIN_PASSWORD && isWeakAdminPassword(config.ADMIN_PASSWORD)) {
      issues.addIssue({
        code: "custom",
        path: ["ADMIN_PASSWORD"],
        message: `is too easy to guess: in production use at least ${adminPasswordMinLength} characters, and none of the most common passwords`,
      });
    }
    // E-mail links are built from it; without it they would follow the request's Host header,
    // which a client chooses.
    if (config.APP_ENV === "production" && !config.PUBLIC_URL) {
      issues.addIssue({ code: "custom", path: ["PUBLIC_URL"], message: "is required in production" });
    }
    if (config.APP_ENV === "production" && config.MAIL_TRANSPORT && localOnlyTransports.has(config.MAIL_TRANSPORT)) {
      issues.addIssue({
        code: "custom",
        path: ["MAIL_TRANSPORT"],
        message: `is ${config.MAIL_TRANSPORT}, which delivers nothing: set a transport that sends e-mail, or leave it unset to keep messages in the outbox`,
      });
    }
    const delivers = config.MAIL_TRANSPORT !== undefined && !localOnlyTransports.has(config.MAIL_TRANSPORT);
    if (config.APP_ENV === "production" && delivers && !config.MAIL_FROM) {
      issues.addIssue({
        code: "custom",
        path: ["MAIL_FROM"],
        message: "is required in production when MAIL_TRANSPORT is set: the sender address your provider accepts",
      });
    }
    // Each transport's own settings, named in the same one line as every other problem.
    const required: Partial<Record<MailTransport, (keyof typeof config)[]>> = {
      smtp: ["SMTP_URL"],
      "http-api": ["MAIL_API_KEY"],
    };
    for (const name of (config.MAIL_TRANSPORT && required[config.MAIL_TRANSPORT]) || []) {
      if (!config[name]) {
        issues.addIssue({
          code: "custom",
          path: [name],
          message: `is required when MAIL_TRANSPORT is ${config.MAIL_TRANSPORT}`,
        });
      }
    }
    if (
      config.APP_ENV === "production" &&
      config.MAIL_TRANSPORT === "http-api" &&
      !config.MAIL_API_URL.startsWith("https:")
    ) {
      issues.addIssue({
        code: "custom",
        path: ["MAIL_API_URL"],
        message: "must use https in production: the API key goes with every request",
      });
    }
  })
  .transform((config) => ({
    ...config,
    // Outside production the development mailbox is the default, so `npm start` shows mail.
    MAIL_TRANSPORT: config.MAIL_TRANSPORT ?? (config.APP_ENV === "production" ? undefined : ("dev-mailbox" as const)),
    MAIL_FROM: config.MAIL_FROM ?? "Doğal Yaşam <no-reply@localhost>",
  }));

export type AppConfig = z.output<typeof checkedConfigSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses raw settings; throws a ConfigError whose message is one line per bad variable. */
export function parseConfig(raw: Record<string, unknown>): AppConfig {
  // Empty strings mean "unset" (an empty line in .dev.vars, or `FOO= npm start`).
  const cleaned = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined && v !== ""));
  const result = checkedConfigSchema.safeParse(cleaned);
  if (result.success) {
    return result.data;
  }
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join(".") || "(root)";
    const what = issue.code === "invalid_type" && cleaned[name] === undefined ? "is required" : issue.message;
    return `${name} ${what}`;
  });
  throw new ConfigError(`Invalid configuration: ${lines.join("; ")}`);
}
