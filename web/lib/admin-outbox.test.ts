import { describe, expect, it } from "vitest";
import type { ProductInput } from "../../worker/contract/admin.ts";
import type { Product } from "../../worker/contract/catalogue.ts";
import { applyOutbox, type OutboxChange, type OutboxEntry } from "./admin-outbox.ts";

// The device's view of a waiting product change keeps temperaments as the server will
// (docs/decisions/0048-product-temperaments.md).

const stored: Product = {
  id: 4,
  name: "Ihlamur",
  short_description: "Calm tea",
  description: "",
  long_description: "<p>Long</p>",
  category_id: 2,
  images: [],
  etsy_link: "https://www.etsy.com/listing/4",
  temperaments: ["sanguine", "choleric"],
  sort_order: 3,
  version: 5,
  created_at: "2026-03-02T09:00:00.000Z",
  updated_at: "2026-03-02T09:00:00.000Z",
};

const input = (fields: Partial<ProductInput> = {}): ProductInput => ({
  name: "Ihlamur Çayı",
  short_description: "Calm tea",
  category_id: 2,
  etsy_link: "https://www.etsy.com/listing/4",
  ...fields,
});

const entry = (change: OutboxChange): OutboxEntry => ({
  format: 1,
  owner: "admin",
  key: "k",
  change,
  state: "waiting",
  queuedAt: 0,
  attempts: 0,
  notBefore: 0,
});

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
