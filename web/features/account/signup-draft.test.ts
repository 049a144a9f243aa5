import { describe, expect, it } from "vitest";
import { clearDraft, emptyDraft, loadDraft, saveDraft } from "./signup-draft.ts";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe("the sign-up draft", () => {
  it("keeps the step, names, e-mail and answers across a reload", () => {
    const storage = memoryStorage();
    const draft = {
      step: 2 as const,
      firstName: "Ayşe",
      lastName: "Yılmaz",
      email: "a@example.com",
      surveyResponses: { "1": "x" },
    };
    saveDraft(draft, storage);
    expect(loadDraft(storage)).toEqual(draft);
    clearDraft(storage);
    expect(loadDraft(storage)).toEqual(emptyDraft);
  });

  it("never stores a password, even when handed one", () => {
    const storage = memoryStorage();
    saveDraft({ ...emptyDraft, password: "secret-1", confirmPassword: "secret-1" } as typeof emptyDraft, storage);
    expect([...storage.items.values()].join()).not.toContain("secret-1");
  });

  it("starts over from a draft it cannot read", () => {
    const storage = memoryStorage();
    storage.setItem("signup-draft", "{not json");
    expect(loadDraft(storage)).toEqual(emptyDraft);
    storage.setItem("signup-draft", JSON.stringify({ ...emptyDraft, step: 7 }));
    expect(loadDraft(storage)).toEqual(emptyDraft);
  });
});
