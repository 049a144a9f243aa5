import { useState } from "react";
import type { CategoryInput, ProductInput } from "../../../worker/contract/admin.ts";
import { VersionConflictError } from "./admin-api.ts";
import type { Notice } from "./admin-ui.tsx";
import { type SaveOutcome, saveChange } from "./outbox/outbox.ts";

/** What each kind of row is saved as. */
type Inputs = { product: ProductInput; category: CategoryInput };

/**
 * The save of an admin form that edits a versioned row (a product, a category): one save at a
 * time, sent with the version the admin saw, its failure as the form's notice, and after a 412
 * the server's current row, which the admin can load to redo their change on it instead of
 * overwriting someone else's.
 *
 * @param row the row being edited; undefined for a new one
 */
export function useVersionedSave<T extends { id: number; version: number; name: string }, Kind extends keyof Inputs>(
  kind: Kind,
  row: T | undefined,
  options: {
    /** The write is on the device (and, online, on the server); the tab closes the form. */
    onSaved(created: boolean, outcome: SaveOutcome): Promise<void>;
    /** The line shown under the current row's name in the 412 notice. */
    summary(row: T): string;
    /** Puts the current row into the form's fields. */
    onLoadCurrent(row: T): void;
  },
) {
  const [editing, setEditing] = useState(row);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [conflict, setConflict] = useState<T | null>(null);

  /** Sends `input`; on failure `failure` words the notice (and may mark the fields at fault). */
  const run = async (input: Inputs[Kind], failure: (error: unknown) => string) => {
    setBusy(true);
    setNotice(null);
    setConflict(null);
    try {
      // Through the outbox (outbox/outbox.ts): the kinds' changes are spelled `product.update` and so on.
      const change = editing
        ? { kind: `${kind}.update`, id: editing.id, baseVersion: editing.version, input }
        : { kind: `${kind}.create`, input };
      const outcome = await saveChange(change as Parameters<typeof saveChange>[0]);
      // Left busy: the form is on its way out.
      await options.onSaved(!editing, outcome);
    } catch (error) {
      if (error instanceof VersionConflictError) setConflict(error.current as T);
      setNotice({ tone: "error", text: failure(error) });
      setBusy(false);
    }
  };

  const loadCurrent = () => {
    if (!conflict) return;
    setEditing(conflict);
    options.onLoadCurrent(conflict);
    setConflict(null);
    setNotice(null);
  };

  return {
    editing,
    busy,
    conflict,
    setNotice,
    run,
    /** The form's notice, 412 panel and busy state (AdminForm). */
    footer: {
      notice,
      busy,
      conflict: conflict ? { title: conflict.name, text: options.summary(conflict) } : null,
      onLoadCurrent: loadCurrent,
    },
  };
}
