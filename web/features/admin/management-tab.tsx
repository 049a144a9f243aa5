import { Fragment, type ReactNode, useState } from "react";
import { m } from "../../paraglide/messages.js";
import { confirmAction, EmptyState, type Notice, NoticeBanner, TabHeader } from "./admin-ui.tsx";
import { type SaveOutcome, savedOnDeviceText } from "./outbox/outbox.ts";

type Row = { id: number; version: number };

/** The tab's form: closed, fetching the row to edit, or open on a row (undefined: a new one). */
type FormState<T> =
  | { mode: "closed" }
  | { mode: "loading"; id: number }
  | { mode: "open"; row: T | undefined; key: number };

/**
 * The state of docs/product.md §2's Product Management and Category Management: the form, the tab's notice
 * and the row being deleted.
 *
 * @param onChanged a write went through (or a delete was refused: the row may have changed); the
 *   dashboard reloads the list
 */
export function useManagementTab<T extends Row>(
  onChanged: () => Promise<void>,
  /** docs/product.md's words for a saved form: "Product created successfully!" and the like. */
  words: { created: string; updated: string },
  /** The form opens at once on a new row (photos shared to the app, ADR 0095). */
  openOnNew = false,
) {
  const [form, setForm] = useState<FormState<T>>(() =>
    openOnNew ? { mode: "open", row: undefined, key: Date.now() } : { mode: "closed" },
  );
  const [notice, setNotice] = useState<Notice | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);

  const openForm = (row: T | undefined) => {
    setNotice(null);
    // A new key each time: the form starts afresh from the row.
    setForm({ mode: "open", row, key: Date.now() });
  };

  /** The form saved: it closes and the tab says so (docs/product.md's words once the server has it). */
  const saved = async (created: boolean, outcome: SaveOutcome) => {
    setForm({ mode: "closed" });
    const text = created ? words.created : words.updated;
    setNotice({ tone: "success", text: outcome === "sent" ? text : savedOnDeviceText() });
    await onChanged();
  };

  /** docs/product.md §8's Delete: asked first, sent with the version the admin saw, its outcome said. */
  const remove = async (
    row: T,
    {
      question,
      send,
      deleted,
      failed,
    }: { question: string; send(row: T): Promise<SaveOutcome>; deleted: string; failed(error: unknown): string },
  ) => {
    if (!confirmAction(question)) return;
    setDeleting(row.id);
    setNotice(null);
    try {
      const outcome = await send(row);
      setForm((current) => (current.mode === "open" && current.row?.id === row.id ? { mode: "closed" } : current));
      setNotice({ tone: "success", text: outcome === "sent" ? deleted : savedOnDeviceText() });
    } catch (error) {
      setNotice({ tone: "error", text: failed(error) });
    } finally {
      setDeleting(null);
    }
    await onChanged();
  };

  return {
    form,
    setForm,
    notice,
    setNotice,
    deleting,
    openForm,
    closeForm: () => setForm({ mode: "closed" }),
    saved,
    remove,
  };
}

export type ManagementTabState<T extends Row> = ReturnType<typeof useManagementTab<T>>;

/**
 * A management tab's page: its title with Add (while no form is open), its notice, the form,
 * then a card per row, or the empty text.
 */
export function ManagementTab<T extends Row>({
  title,
  addLabel,
  tab,
  form,
  loading,
  rows,
  empty,
  gap,
  children,
}: {
  title: string;
  addLabel: string;
  tab: ManagementTabState<T>;
  /** The form for a row (undefined: a new one), drawn afresh each time it opens. */
  form(row: T | undefined): ReactNode;
  /** What stands for the form while the row to edit is fetched (docs/product.md's words). */
  loading?: string;
  rows: readonly T[];
  empty: string;
  gap: "gap-4" | "gap-5";
  /** What a row's card holds. */
  children(row: T): ReactNode;
}) {
  return (
    <div className="space-y-6">
      <TabHeader title={title}>
        {tab.form.mode === "closed" ? (
          <button type="button" className="btn btn-primary" onClick={() => tab.openForm(undefined)}>
            {addLabel}
          </button>
        ) : null}
      </TabHeader>

      <NoticeBanner notice={tab.notice} />

      {tab.form.mode === "loading" ? (
        <p role="status" className="rounded-2xl bg-white/70 p-6 text-center text-muted">
          {loading}
        </p>
      ) : tab.form.mode === "open" ? (
        <Fragment key={tab.form.key}>{form(tab.form.row)}</Fragment>
      ) : null}

      {rows.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <ul className={`grid ${gap} sm:grid-cols-2 xl:grid-cols-3`}>
          {rows.map((row) => (
            <li key={row.id}>
              <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-sand bg-white shadow-soft">
                {children(row)}
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A card's Edit and Delete (docs/product.md §2), each naming its row for screen readers. */
export function CardActions({
  name,
  onEdit,
  onDelete,
  editDisabled = false,
  deleteDisabled,
  className,
}: {
  name: string;
  onEdit(): void;
  onDelete(): void;
  editDisabled?: boolean;
  deleteDisabled: boolean;
  className: string;
}) {
  return (
    <div className={`mt-auto flex flex-wrap gap-2 ${className}`}>
      <button type="button" className="btn btn-outline px-4" onClick={onEdit} disabled={editDisabled}>
        {m.admin_edit()}
        <span className="sr-only"> {name}</span>
      </button>
      <button type="button" className="btn btn-danger px-4" onClick={onDelete} disabled={deleteDisabled}>
        {m.admin_delete()}
        <span className="sr-only"> {name}</span>
      </button>
    </div>
  );
}
