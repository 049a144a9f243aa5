import { ConfigError } from "../config/config.ts";
import { dispatchOutbox } from "../email/dispatcher.ts";
import { createNodeMailer } from "../email/node-mailer.ts";
import { systemClock } from "../lib/clock.ts";
import { createLogger } from "../lib/logger.ts";
import { failWith, openCliContext } from "./cli-context.ts";

// npm run email:dispatch — one pass of the e-mail dispatcher, as the cron and the timer run it.
// Safe beside a running server or Worker: rows are claimed before they are sent, so no message
// goes out twice.
const { client, db, config } = openCliContext();
try {
  const mailer = createNodeMailer(config);
  if (!mailer) throw new Error("MAIL_TRANSPORT is not set, so there is no transport to send with");
  const result = await dispatchOutbox({
    db,
    mailer,
    clock: systemClock,
    logger: createLogger(config.LOG_LEVEL),
    from: config.MAIL_FROM,
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
  });
  console.log(
    `E-mail dispatch (${mailer.transport}): ${result.sent} sent, ${result.retrying} to retry later, ${result.failed} failed for good`,
  );
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    failWith("E-mail dispatch failed", error);
  }
} finally {
  client.close();
}
