import type { AdminUser } from "../../../../worker/contract/admin.ts";

/** docs/product.md §3's exported user row, in this column order. */
const specColumns = [
  "id",
  "first_name",
  "last_name",
  "email",
  "created_at",
  "is_verified",
  "survey_answered",
  "survey_total",
] as const;

/**
 * The export's columns: docs/product.md's, then the temperament result (issue 30) after them, so a sheet
 * that reads docs/product.md's columns by position still finds them where they were. The result is the
 * temperament's name as the API spells it ("melancholic"), empty for a member without one.
 */
export const csvColumns = [...specColumns, "temperament_dominant", "temperament_secondary"] as const;

/** A user with the export's own columns beside the API's fields. */
const csvValues = (user: AdminUser) => ({
  ...user,
  temperament_dominant: user.temperament?.dominant ?? "",
  temperament_secondary: user.temperament?.secondary ?? "",
});

/**
 * Spreadsheet programs open a CSV in the system's legacy code page unless it starts with a byte
 * order mark: without it, "Şükrü Yıldız" arrives as mojibake.
 */
export const byteOrderMark = "\uFEFF";

/**
 * A cell a spreadsheet would read as a formula (OWASP's CSV injection list: =, +, -, @, and tab
 * and carriage return, which some programs strip before looking) gets a leading apostrophe, so
 * it is shown as the text it is. A member chooses their own name: "=HYPERLINK(…)" is not theirs
 * to run on the admin's machine. A spreadsheet that guesses the separator may split a value at
 * a comma or at a semicolon (the default in Turkish locales), so the check applies after each of
 * them too, past any spaces: "x;=1+1" would otherwise put "=1+1" in a cell of its own.
 */
const formulaStart = /(?:^|[,;])(?:[\t\r]|\s*[=+\-@])/;

function neutralise(value: string): string {
  return formulaStart.test(value) ? `'${value}` : value;
}

/**
 * docs/product.md §9: quoted when it holds a quote, a comma or a line break; quotes doubled (RFC 4180). A
 * semicolon is quoted too, so a spreadsheet splitting on it keeps the value whole.
 */
export function cell(value: string | number | boolean): string {
  const text = neutralise(String(value));
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV file: BOM, the header row, the rows of cells, CRLF line ends (the insights' export too). */
export function csvFile(header: readonly string[], rows: readonly (readonly (string | number | boolean)[])[]): string {
  return `${byteOrderMark}${[header.join(","), ...rows.map((row) => row.map(cell).join(","))].join("\r\n")}\r\n`;
}

/** The users as docs/product.md §9's CSV: BOM, a header row, one row per user, CRLF line ends. */
export function buildUsersCsv(users: readonly AdminUser[]): string {
  return csvFile(
    csvColumns,
    users.map((user) => {
      const values = csvValues(user);
      return csvColumns.map((column) => values[column]);
    }),
  );
}

/**
 * docs/product.md §9: `users_export_` and a timestamp, `.csv`. The timestamp is the UTC time to the second,
 * with `-` for `:` (which some systems refuse in file names): users_export_2026-03-02T09-05-07.csv.
 */
export function usersExportFileName(at: Date): string {
  return `users_export_${at.toISOString().slice(0, 19).replaceAll(":", "-")}.csv`;
}
