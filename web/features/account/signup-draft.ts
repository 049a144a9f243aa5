import * as z from "zod/mini";

/**
 * The sign-up wizard's progress in session storage, so a reload or a visit to another page keeps
 * the step and everything typed so far (issue 11). Never the passwords: session storage is
 * readable by any script on the page, and a password has no business outliving the form.
 */
export type SignupDraft = {
  step: 1 | 2 | 3;
  firstName: string;
  lastName: string;
  email: string;
  /** Question id → the chosen option's text (docs/product.md §3). */
  surveyResponses: Record<string, string>;
};

export const emptyDraft: SignupDraft = { step: 1, firstName: "", lastName: "", email: "", surveyResponses: {} };

const storageKey = "signup-draft";

const draftSchema = z.object({
  step: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  surveyResponses: z.record(z.string(), z.string()),
});

/** The saved draft, or an empty one when there is none or it cannot be read. */
export function loadDraft(storage: Pick<Storage, "getItem"> = sessionStorage): SignupDraft {
  try {
    const parsed = draftSchema.safeParse(JSON.parse(storage.getItem(storageKey) ?? "null"));
    return parsed.success ? parsed.data : emptyDraft;
  } catch {
    return emptyDraft;
  }
}

export function saveDraft(draft: SignupDraft, storage: Pick<Storage, "setItem"> = sessionStorage): void {
  const { step, firstName, lastName, email, surveyResponses } = draft;
  try {
    storage.setItem(storageKey, JSON.stringify({ step, firstName, lastName, email, surveyResponses }));
  } catch {
    // Storage full or disabled: the wizard still works, it only forgets on reload.
  }
}

export function clearDraft(storage: Pick<Storage, "removeItem"> = sessionStorage): void {
  try {
    storage.removeItem(storageKey);
  } catch {
    // As above.
  }
}
