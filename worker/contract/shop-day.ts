/**
 * The shop's calendar (docs/decisions/0055-counting-without-tracking.md): insights count per day
 * in Turkey's time, whatever the server's or the device's zone. No zod here, so a shopper's page
 * imports these few lines alone.
 */

/** A day of the shop, `YYYY-MM-DD`. */
export type Day = string;

/** Made on first use: a page that never counts an event never pays for it. */
let shopCalendar: Intl.DateTimeFormat | undefined;

/** The shop's day at `moment`, `YYYY-MM-DD`. */
export function shopDay(moment: Date): Day {
  shopCalendar ??= new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Istanbul",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  const parts = shopCalendar.formatToParts(moment);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** `day` moved by `days` (negative: back). */
export function addDays(day: Day, days: number): Day {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
