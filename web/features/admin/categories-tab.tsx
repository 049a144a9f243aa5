import { type FormEvent, useId, useState } from "react";
import type { Category } from "../../../worker/contract/catalogue.ts";
import { ApiResponseError } from "../../lib/api-client.ts";
import { notifyCategoriesChanged } from "../../lib/events.ts";
import { createCategory, deleteCategory, updateCategory, VersionConflictError } from "./admin-api.ts";
import { formatDate } from "./admin-format.ts";
import {
  AdminForm,
  confirmAction,
  EmptyState,
  FieldError,
  FormFooter,
  fieldClass,
  inputClass,
  labelClass,
  type Notice,
  NoticeBanner,
  TabHeader,
} from "./admin-ui.tsx";

type FormState = { mode: "closed" } | { mode: "open"; category: Category | undefined; key: number };

/**
 * SPEC §2's Category Management. Every change fires the categories-changed event, so the
 * header's Products menu shows it without a reload (SPEC §7).
 */
export function CategoriesTab({
  categories,
  onChanged,
}: {
  categories: readonly Category[];
  onChanged(): Promise<void>;
}) {
  const [form, setForm] = useState<FormState>({ mode: "closed" });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);

  const changed = async (text: string) => {
    notifyCategoriesChanged();
    setNotice({ tone: "success", text });
    await onChanged();
  };

  const onDelete = async (category: Category) => {
    if (!confirmAction("Are you sure you want to delete this category? This action cannot be undone.")) return;
    setDeleting(category.id);
    setNotice(null);
    try {
      await deleteCategory(category.id, category.version);
      if (form.mode === "open" && form.category?.id === category.id) setForm({ mode: "closed" });
      await changed("Category deleted successfully!");
    } catch (error) {
      // SPEC's sentence, then the server's reason (a category that still has products, say).
      const why = error instanceof ApiResponseError || error instanceof VersionConflictError ? ` ${error.message}` : "";
      setNotice({ tone: "error", text: `Failed to delete category.${why}` });
      await onChanged();
    } finally {
      setDeleting(null);
    }
  };

  return (
    <div className="space-y-6">
      <TabHeader title="Category Management">
        {form.mode === "closed" ? (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              setNotice(null);
              setForm({ mode: "open", category: undefined, key: Date.now() });
            }}
          >
            Add Category
          </button>
        ) : null}
      </TabHeader>

      <NoticeBanner notice={notice} />

      {form.mode === "open" ? (
        <CategoryForm
          key={form.key}
          category={form.category}
          onSaved={async (created) => {
            setForm({ mode: "closed" });
            await changed(created ? "Category created successfully!" : "Category updated successfully!");
          }}
          onCancel={() => setForm({ mode: "closed" })}
        />
      ) : null}

      {categories.length === 0 ? (
        <EmptyState>No categories created yet</EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {categories.map((category) => (
            <li key={category.id}>
              <article className="flex h-full flex-col rounded-2xl border border-sand bg-white p-5 shadow-soft">
                <div className="flex items-start justify-between gap-3">
                  <h3 className="text-lg font-semibold text-sage-900" lang="tr">
                    {category.name}
                  </h3>
                  <span className="shrink-0 rounded-full bg-linen px-2.5 py-0.5 text-xs font-semibold text-ink">
                    ID {category.id}
                  </span>
                </div>
                <p className="mt-2 text-sm text-muted" lang="tr">
                  {category.description || "No description"}
                </p>
                <p className="mt-3 text-xs text-muted">Created {formatDate(category.created_at)}</p>
                <div className="mt-auto flex flex-wrap gap-2 pt-4">
                  <button
                    type="button"
                    className="btn btn-outline px-4"
                    onClick={() => {
                      setNotice(null);
                      setForm({ mode: "open", category, key: Date.now() });
                    }}
                  >
                    Edit<span className="sr-only"> {category.name}</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn-danger px-4"
                    disabled={deleting === category.id}
                    onClick={() => void onDelete(category)}
                  >
                    Delete<span className="sr-only"> {category.name}</span>
                  </button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** SPEC §5: name required, description optional. */
function CategoryForm({
  category,
  onSaved,
  onCancel,
}: {
  category: Category | undefined;
  onSaved(created: boolean): Promise<void>;
  onCancel(): void;
}) {
  const id = useId();
  const [editing, setEditing] = useState(category);
  const [name, setName] = useState(category?.name ?? "");
  const [description, setDescription] = useState(category?.description ?? "");
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Category | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!name.trim()) {
      setNameError("Name is required.");
      document.getElementById(`${id}-name`)?.focus();
      return;
    }
    setBusy(true);
    setNotice(null);
    setNameError(null);
    setConflict(null);
    try {
      const input = { name: name.trim(), description: description.trim() };
      if (editing) await updateCategory(editing.id, editing.version, input);
      else await createCategory(input);
      await onSaved(!editing);
    } catch (error) {
      if (error instanceof VersionConflictError) setConflict(error.current as Category);
      const why = error instanceof ApiResponseError || error instanceof VersionConflictError ? ` ${error.message}` : "";
      setNotice({ tone: "error", text: `Failed to save category. Please try again.${why}` });
      setBusy(false);
    }
  };

  const loadCurrent = () => {
    if (!conflict) return;
    setEditing(conflict);
    setName(conflict.name);
    setDescription(conflict.description);
    setConflict(null);
    setNotice(null);
  };

  return (
    <AdminForm title={editing ? `Edit “${editing.name}”` : "Add Category"} onSubmit={onSubmit}>
      <div>
        <label htmlFor={`${id}-name`} className={labelClass}>
          Name{" "}
          <span className="text-terracotta-700">
            <span aria-hidden="true">*</span>
            <span className="sr-only">(required)</span>
          </span>
        </label>
        <input
          id={`${id}-name`}
          required
          value={name}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${id}-name-error` : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(null);
          }}
          className={inputClass}
        />
        {nameError ? <FieldError id={`${id}-name-error`}>{nameError}</FieldError> : null}
      </div>
      <div>
        <label htmlFor={`${id}-description`} className={labelClass}>
          Description <span className="font-normal text-muted">(optional)</span>
        </label>
        <textarea
          id={`${id}-description`}
          rows={3}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          className={`${fieldClass} py-3`}
        />
      </div>
      <FormFooter
        notice={notice}
        conflict={conflict ? { title: conflict.name, text: conflict.description } : null}
        onLoadCurrent={loadCurrent}
        busy={busy}
        submitLabel={editing ? "Update Category" : "Create Category"}
        onCancel={onCancel}
      />
    </AdminForm>
  );
}
