import { dispatchOutbox } from "../email/dispatcher.ts";
import { devMailboxMailer } from "../email/mailer.ts";
import { systemClock } from "../lib/clock.ts";
import { createLogger } from "../lib/logger.ts";
import { failWith, openCliContext } from "./cli-context.ts";

// npm run email:dispatch — one pass of the e-mail dispatcher, as the cron and the timer run it.
const { client, db, config } = openCliContext();
try {
  const result = await dispatchOutbox({
    db,
    mailer: devMailboxMailer,
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
