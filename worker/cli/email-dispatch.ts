import { dispatchOutbox } from "../email/dispatcher.ts";
import { createMailer } from "../email/mailer.ts";
import { systemClock } from "../lib/clock.ts";
import { createLogger } from "../lib/logger.ts";
import { failWith, openCliContext } from "./cli-context.ts";

// npm run email:dispatch — one pass of the e-mail dispatcher, as the cron and the timer run it.
const { client, db, config } = openCliContext();
const mailer = createMailer(config);
try {
  if (!mailer) throw new Error("MAIL_TRANSPORT is not set, so there is no transport to send with");
  const result = await dispatchOutbox({
    db,
    mailer,
    clock: systemClock,
    logger: createLogger(config.LOG_LEVEL),
    from: config.MAIL_FROM,
  });
  console.log(`E-mail dispatch: ${result.sent} sent, ${result.failed} failed`);
} catch (error) {
  failWith("E-mail dispatch failed", error);
} finally {
  client.close();
}
