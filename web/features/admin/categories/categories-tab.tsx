import { type FormEvent, useId, useState } from "react";
import type { Category } from "../../../../worker/contract/catalogue.ts";
import { ApiResponseError } from "../../../lib/api-client.ts";
import { notifyCategoriesChanged } from "../../../lib/events.ts";
import { VersionConflictError } from "../admin-api.ts";
import { formatDate } from "../admin-format.ts";
import { AdminField, AdminForm, type FormWords, fieldClass, inputClass } from "../admin-ui.tsx";
import { CardActions, ManagementTab, useManagementTab } from "../management-tab.tsx";
import { type SaveOutcome, saveChange } from "../outbox/outbox.ts";
import { useVersionedSave } from "../use-versioned-save.ts";

/**
 * docs/product.md §2's Category Management. Every change fires the categories-changed event, so the
 * header's Products menu shows it without a reload (docs/product.md §7).
 */
export function CategoriesTab({
  categories,
  onChanged,
}: {
  categories: readonly Category[];
  onChanged(): Promise<void>;
}) {
  const tab = useManagementTab<Category>(onChanged, {
    created: "Category created successfully!",
    updated: "Category updated successfully!",
  });

  return (
    <ManagementTab
      title="Category Management"
      addLabel="Add Category"
      tab={tab}
      form={(category) => (
        <CategoryForm
          category={category}
          onSaved={async (created, outcome) => {
            notifyCategoriesChanged();
            await tab.saved(created, outcome);
          }}
          onCancel={tab.closeForm}
        />
      )}
      rows={categories}
      empty="No categories created yet"
      gap="gap-4"
    >
      {(category) => (
        <div className="flex flex-1 flex-col p-5">
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
          <CardActions
            name={category.name}
            onEdit={() => tab.openForm(category)}
            onDelete={() =>
              void tab.remove(category, {
                question: "Are you sure you want to delete this category? This action cannot be undone.",
                send: async (row) => {
                  const outcome = await saveChange({
                    kind: "category.delete",
                    id: row.id,
                    baseVersion: row.version,
                    name: row.name,
                  });
                  notifyCategoriesChanged();
                  return outcome;
                },
                deleted: "Category deleted successfully!",
                // docs/product.md's sentence, then the server's reason (a category that still has products, say).
                failed: (error) => `Failed to delete category.${serverReason(error)}`,
              })
            }
            deleteDisabled={tab.deleting === category.id}
            className="pt-4"
          />
        </div>
      )}
    </ManagementTab>
  );
}

/** The server's words after docs/product.md's sentence, when it gave a reason. */
function serverReason(error: unknown): string {
  return error instanceof ApiResponseError || error instanceof VersionConflictError ? ` ${error.message}` : "";
}

const formWords: FormWords = { add: "Add Category", create: "Create Category", update: "Update Category" };

/** docs/product.md §5: name required, description optional. */
function CategoryForm({
  category,
  onSaved,
  onCancel,
}: {
  category: Category | undefined;
  onSaved(created: boolean, outcome: SaveOutcome): Promise<void>;
  onCancel(): void;
}) {
  const id = useId();
  const [name, setName] = useState(category?.name ?? "");
  const [description, setDescription] = useState(category?.description ?? "");
  const [nameError, setNameError] = useState<string | null>(null);
  const save = useVersionedSave("category", category, {
    onSaved,
    summary: (current) => current.description,
    onLoadCurrent: (current) => {
      setName(current.name);
      setDescription(current.description);
    },
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.busy) return;
    if (!name.trim()) {
      setNameError("Name is required.");
      document.getElementById(`${id}-name`)?.focus();
      return;
    }
    setNameError(null);
    await save.run(
      { name: name.trim(), description: description.trim() },
      (error) => `Failed to save category. Please try again.${serverReason(error)}`,
    );
  };

  return (
    <AdminForm save={save} words={formWords} onSubmit={onSubmit} onCancel={onCancel}>
      <AdminField id={`${id}-name`} label="Name" required error={nameError}>
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
      </AdminField>
      <AdminField
        id={`${id}-description`}
        label={
          <>
            Description <span className="font-normal text-muted">(optional)</span>
          </>
        }
      >
        <textarea
          id={`${id}-description`}
          rows={3}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          className={`${fieldClass} py-3`}
        />
      </AdminField>
    </AdminForm>
  );
}
