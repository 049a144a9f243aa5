import { z } from "zod";

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
  ADMIN_EMAIL: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: "must be an e-mail address" })),
  PUBLIC_URL: z.url({ message: "must be an absolute URL such as https://shop.example" }).optional(),
  // How e-mail leaves (worker/email/mailer.ts). Unset in production: messages wait in the
  // outbox until a transport is configured. More transports (SMTP, an HTTP e-mail API,
  // Cloudflare's send_email) arrive with accounts.
  MAIL_TRANSPORT: z.enum(["dev-mailbox"]).optional(),
  MAIL_FROM: z.string().default("Doğal Yaşam <no-reply@localhost>"),
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
  // How long after the address is confirmed the temperament result e-mail waits (SPEC §1: it
  // leaves within 24 hours of registering, so the wait never passes that mark).
  RESULT_EMAIL_DELAY_MINUTES: z.coerce.number().int().min(0).max(1440).default(0),
  // Requests one address (IP) may make per hour, counted in the database (DESIGN.md §4).
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  VERIFY_RESEND_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  RECOVER_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  // Sign-in attempts per 15 minutes: on one account (whoever tries), and from one address
  // (whatever the accounts). A success clears its account's count, never the address's.
  SIGNIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  SIGNIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(50),
});

/** Transports that only keep messages where a developer can read them: never for real users. */
const localOnlyTransports = new Set(["dev-mailbox"]);

/** Settings that are valid alone but wrong together, or wrong for production. */
const checkedConfigSchema = configSchema
  .superRefine((config, issues) => {
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
  })
  .transform((config) => ({
    ...config,
    // Outside production the development mailbox is the default, so `npm start` shows mail.
    MAIL_TRANSPORT: config.MAIL_TRANSPORT ?? (config.APP_ENV === "production" ? undefined : ("dev-mailbox" as const)),
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
