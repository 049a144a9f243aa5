import { describe, expect, it } from "vitest";
import { formatDate, fullName, temperamentResult } from "./admin-format.ts";

describe("formatting for the admin", () => {
  it("shows a date, or a dash when there is none or it cannot be read (docs/product.md §2)", () => {
    expect(formatDate("2026-03-02T09:00:00.000Z", "en-GB")).toBe("2 Mar 2026");
    expect(formatDate(null)).toBe("—");
    expect(formatDate("")).toBe("—");
    expect(formatDate("not a date")).toBe("—");
  });

  it("reads the temperament result and the name", () => {
    expect(temperamentResult({ dominant: "choleric", secondary: "sanguine" })).toEqual({
      dominant: "Choleric",
      secondary: "Sanguine",
    });
    expect(temperamentResult(null)).toEqual({ dominant: "—", secondary: "—" });
    expect(fullName({ first_name: "Ayşe", last_name: "Yılmaz", email: "a@x.com" })).toBe("Ayşe Yılmaz");
    expect(fullName({ first_name: "", last_name: "", email: "a@x.com" })).toBe("a@x.com");
  });
});
