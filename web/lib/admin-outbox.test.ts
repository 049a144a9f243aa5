import { describe, expect, it } from "vitest";
import type { ProductInput } from "../../worker/contract/admin.ts";
import { applyOutbox, newEntry, type OutboxChange } from "./admin-outbox.ts";
import { productFixture } from "./product-fixture.ts";

// The device's view of a waiting product change keeps temperaments as the server will
// (docs/decisions/0048-product-temperaments.md).

const stored = productFixture({ temperaments: ["sanguine", "choleric"] });

const input = (fields: Partial<ProductInput> = {}): ProductInput => ({
  name: "Ihlamur Çayı",
  short_description: "Calm tea",
  category_id: 2,
  etsy_link: "https://www.etsy.com/listing/4",
  ...fields,
});

const entry = (change: OutboxChange) => newEntry(change, "admin", "k", 0);

const shown = (change: OutboxChange) => applyOutbox([stored], [], [entry(change)]).products;

describe("temperaments in the device's view of waiting product changes", () => {
  it("keeps the row's temperaments for an update that sends none, and shows an update's own in the canonical order", () => {
    const [kept] = shown({ kind: "product.update", id: 4, baseVersion: 5, input: input() });
    expect(kept).toMatchObject({ name: "Ihlamur Çayı", temperaments: ["sanguine", "choleric"] });
    const [changed] = shown({
      kind: "product.update",
      id: 4,
      baseVersion: 5,
      input: input({ temperaments: ["phlegmatic", "melancholic"] }),
    });
    expect(changed?.temperaments).toEqual(["melancholic", "phlegmatic"]);
  });

  it("gives a new product without temperaments an empty list, and one with them its own", () => {
    const without = shown({ kind: "product.create", tempId: -1, input: input({ name: "Yeni" }) });
    expect(without.find((p) => p.id === -1)?.temperaments).toEqual([]);
    const withSome = shown({ kind: "product.create", tempId: -2, input: input({ temperaments: ["choleric"] }) });
    expect(withSome.find((p) => p.id === -2)?.temperaments).toEqual(["choleric"]);
  });
});
