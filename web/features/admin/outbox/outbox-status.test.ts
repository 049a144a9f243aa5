import { describe, expect, it } from "vitest";
import type { OutboxEntry } from "../../../lib/admin-outbox.ts";
import { describeChange, outboxSummary } from "./outbox-status.tsx";

// The header's words for the outbox and the list's lines, as docs/product.md §2 and issue 28 word
// them: they now come from the catalogue (issue 40), with the English unchanged.

const entry = (state: OutboxEntry["state"]) => ({ state }) as OutboxEntry;

describe("the outbox's words", () => {
  it("counts the changes waiting, or those needing attention, one or many", () => {
    expect(outboxSummary([])).toBe("All changes saved");
    expect(outboxSummary([entry("waiting")])).toBe("1 change waiting to sync");
    expect(outboxSummary([entry("waiting"), entry("sending")])).toBe("2 changes waiting to sync");
    expect(outboxSummary([entry("waiting"), entry("conflict")])).toBe("1 change needs your attention");
    expect(outboxSummary([entry("rejected"), entry("conflict")])).toBe("2 changes need your attention");
  });

  it("says what each change does", () => {
    const categories = [{ id: 4, name: "Çaylar", description: "", version: 1, created_at: "2026-11-01T00:00:00.000Z" }];
    const input = { name: "Ihlamur Çayı", short_description: "", category_id: 4, etsy_link: "" };
    expect(describeChange({ kind: "product.update", id: 7, baseVersion: 1, input }, categories)).toBe(
      "Edit product “Ihlamur Çayı”",
    );
    expect(describeChange({ kind: "product.create", tempId: -1, input }, categories)).toBe(
      "Add product “Ihlamur Çayı”",
    );
    expect(describeChange({ kind: "category.delete", id: 4, baseVersion: 1, name: "Çaylar" }, categories)).toBe(
      "Delete category “Çaylar”",
    );
    expect(describeChange({ kind: "reorder", ids: [], basedOn: [], categoryId: 4 }, categories)).toBe(
      "Product order in “Çaylar”",
    );
    expect(describeChange({ kind: "reorder", ids: [], basedOn: [] }, categories)).toBe("Product order");
  });
});
