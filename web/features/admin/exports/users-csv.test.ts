import { describe, expect, it } from "vitest";
import type { AdminUser } from "../../../../worker/contract/admin.ts";
import { buildUsersCsv, usersExportFileName } from "./users-csv.ts";

const user = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  id: "7f9c1c1e-0000-4000-8000-000000000001",
  first_name: "Ayşe",
  last_name: "Yılmaz",
  email: "ayse@example.com",
  role: "member",
  is_verified: true,
  created_at: "2026-03-02T09:05:07.000Z",
  survey_answered: 20,
  survey_total: 20,
  answers: [{ question_id: 1, order: 1, question: "Q?", answer: "A" }],
  temperament: { dominant: "sanguine", secondary: "phlegmatic" },
  result_email_sent: true,
  ...overrides,
});

/** The CSV's rows, without the BOM and the final line end. */
const rows = (csv: string) => csv.slice(1).replace(/\r\n$/, "").split("\r\n");

/** A row split the way a spreadsheet reads it with this separator: quotes kept together, "" is ". */
function splitQuoted(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted && char === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') quoted = !quoted;
    else if (!quoted && char === separator) {
      cells.push(cell);
      cell = "";
    } else cell += char;
  }
  return [...cells, cell];
}

describe("buildUsersCsv", () => {
  it("starts with a byte order mark and docs/product.md §3's columns, then the temperament result's, one row per user, CRLF line ends", () => {
    const csv = buildUsersCsv([
      user(),
      user({
        id: "u2",
        first_name: "Can",
        is_verified: false,
        survey_answered: 3,
        temperament: { dominant: "melancholic", secondary: "choleric" },
      }),
    ]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(rows(csv)).toEqual([
      "id,first_name,last_name,email,created_at,is_verified,survey_answered,survey_total,temperament_dominant,temperament_secondary",
      "7f9c1c1e-0000-4000-8000-000000000001,Ayşe,Yılmaz,ayse@example.com,2026-03-02T09:05:07.000Z,true,20,20,sanguine,phlegmatic",
      "u2,Can,Yılmaz,ayse@example.com,2026-03-02T09:05:07.000Z,false,3,20,melancholic,choleric",
    ]);
  });

  it("leaves the temperament cells empty for a member without a result", () => {
    expect(rows(buildUsersCsv([user({ id: "u3", survey_answered: 0, answers: [], temperament: null })]))[1]).toBe(
      "u3,Ayşe,Yılmaz,ayse@example.com,2026-03-02T09:05:07.000Z,true,0,20,,",
    );
  });

  it("keeps Turkish letters as they are (UTF-8 once encoded)", () => {
    const csv = buildUsersCsv([user({ first_name: "Şükrü", last_name: "Çağlayan Öğüt" })]);
    expect(rows(csv)[1]).toContain("Şükrü,Çağlayan Öğüt,");
    // As the Blob writes it: the BOM becomes UTF-8's EF BB BF.
    expect([...new TextEncoder().encode(csv).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("quotes values holding a quote, a comma or a line break, doubling the quotes", () => {
    const csv = buildUsersCsv([user({ first_name: 'Ali "Baba"', last_name: "Kaya, Jr.", email: "a\nb@x.com" })]);
    expect(csv.slice(csv.indexOf("\r\n") + 2)).toBe(
      '7f9c1c1e-0000-4000-8000-000000000001,"Ali ""Baba""","Kaya, Jr.","a\nb@x.com",2026-03-02T09:05:07.000Z,true,20,20,sanguine,phlegmatic\r\n',
    );
    expect(buildUsersCsv([user({ last_name: "line\r\nbreak" })])).toContain(',"line\r\nbreak",');
  });

  it("leaves plain values unquoted", () => {
    expect(rows(buildUsersCsv([user()]))[1]).not.toContain('"');
  });

  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ["+1+2", "'+1+2"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tTab", "'\tTab"],
    ["=1,2", `"'=1,2"`],
  ])("neutralises a cell starting like a formula: %j", (name, written) => {
    expect(buildUsersCsv([user({ first_name: name })])).toContain(`-000000000001,${written},Yılmaz,`);
  });

  it("does not touch a value with a formula character later on", () => {
    expect(rows(buildUsersCsv([user({ last_name: "Kaya-Demir" })]))[1]).toContain(",Kaya-Demir,");
  });

  it.each([
    ["x;=1+1;", `"'x;=1+1;"`],
    ["Ali;Veli", `"Ali;Veli"`],
    ["Kaya,=SUM(A1)", `"'Kaya,=SUM(A1)"`],
    ["a; -2+3", `"'a; -2+3"`],
    ["a;@SUM(A1)", `"'a;@SUM(A1)"`],
    ["a;+1", `"'a;+1"`],
    ["a;\tb", `"'a;\tb"`],
  ])("quotes a value holding a semicolon and neutralises a formula after any separator: %j", (name, written) => {
    expect(buildUsersCsv([user({ first_name: name })])).toContain(`-000000000001,${written},Yılmaz,`);
  });

  it("leaves no cell starting like a formula when a spreadsheet splits on ';' or ','", () => {
    const names = ["x;=1+1;", "a,=1", "a;,+1", "b ; @x", "-1", "ok;fine", "Kaya-Demir; Öz"];
    const csv = buildUsersCsv(names.map((first_name, n) => user({ id: `u${n}`, first_name })));
    for (const separator of [",", ";"]) {
      for (const line of rows(csv).slice(1)) {
        for (const value of splitQuoted(line, separator))
          expect(value, `${separator} ${line}`).not.toMatch(/^\s*[=+\-@\t\r]/);
      }
    }
  });

  it("writes only the header for an empty list", () => {
    expect(rows(buildUsersCsv([]))).toEqual([
      "id,first_name,last_name,email,created_at,is_verified,survey_answered,survey_total,temperament_dominant,temperament_secondary",
    ]);
  });
});

describe("usersExportFileName", () => {
  it("is users_export_ with the UTC time to the second, no colons, .csv", () => {
    expect(usersExportFileName(new Date("2026-03-02T09:05:07.891Z"))).toBe("users_export_2026-03-02T09-05-07.csv");
    expect(usersExportFileName(new Date())).toMatch(/^users_export_\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.csv$/);
  });
});
