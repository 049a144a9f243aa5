import { type FormEvent, useId, useState } from "react";
import type { Category } from "../../../../worker/contract/catalogue.ts";
import { ApiResponseError } from "../../../lib/api-client.ts";
import { notifyCategoriesChanged } from "../../../lib/events.ts";
import { m } from "../../../paraglide/messages.js";
import { VersionConflictError } from "../admin-api.ts";
import { formatDate } from "../admin-format.ts";
import { AdminField, AdminForm, type FormWords, fieldClass, inputClass } from "../admin-ui.tsx";
import { EnglishTexts } from "../english-texts.tsx";
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
    created: m.admin_category_created(),
    updated: m.admin_category_updated(),
  });

  return (
    <ManagementTab
      title={m.admin_tab_categories()}
      addLabel={m.admin_add_category()}
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
      empty={m.admin_categories_empty()}
      gap="gap-4"
    >
      {(category) => (
        <div className="flex flex-1 flex-col p-5">
          <div className="flex items-start justify-between gap-3">
            <h3 className="text-lg font-semibold text-sage-900" lang="tr">
              {category.name}
            </h3>
            <span className="shrink-0 rounded-full bg-linen px-2.5 py-0.5 text-xs font-semibold text-ink">
              {m.admin_category_id({ id: category.id })}
            </span>
          </div>
          <p className="mt-2 text-sm text-muted" lang="tr">
            {category.description || m.admin_no_description()}
          </p>
          <p className="mt-3 text-xs text-muted">{m.admin_created_on({ date: formatDate(category.created_at) })}</p>
          <CardActions
            name={category.name}
            onEdit={() => tab.openForm(category)}
            onDelete={() =>
              void tab.remove(category, {
                question: m.admin_category_delete_question(),
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
                deleted: m.admin_category_deleted(),
                // docs/product.md's sentence, then the server's reason (a category that still has products, say).
                failed: (error) => `${m.admin_category_delete_failed()}${serverReason(error)}`,
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

const formWords = (): FormWords => ({
  add: m.admin_add_category(),
  create: m.admin_create_category(),
  update: m.admin_update_category(),
});

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
  // The English texts (ADR 0087); `?? ""`: a copy kept from before they existed.
  const [nameEn, setNameEn] = useState(category?.name_en ?? "");
  const [descriptionEn, setDescriptionEn] = useState(category?.description_en ?? "");
  const [nameError, setNameError] = useState<string | null>(null);
  const save = useVersionedSave("category", category, {
    onSaved,
    summary: (current) => current.description,
    onLoadCurrent: (current) => {
      setName(current.name);
      setDescription(current.description);
      setNameEn(current.name_en ?? "");
      setDescriptionEn(current.description_en ?? "");
    },
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.busy) return;
    if (!name.trim()) {
      setNameError(m.admin_field_required({ field: m.admin_field_name() }));
      document.getElementById(`${id}-name`)?.focus();
      return;
    }
    setNameError(null);
    await save.run(
      {
        name: name.trim(),
        description: description.trim(),
        name_en: nameEn.trim(),
        description_en: descriptionEn.trim(),
      },
      (error) => `${m.admin_category_save_failed()}${serverReason(error)}`,
    );
  };

  return (
    <AdminForm save={save} words={formWords()} onSubmit={onSubmit} onCancel={onCancel}>
      <AdminField id={`${id}-name`} label={m.admin_field_name()} required error={nameError}>
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
            {m.admin_field_description()} <span className="font-normal text-muted">{m.admin_optional()}</span>
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
      <EnglishTexts id={id} initiallyOpen={Boolean(category?.name_en || category?.description_en)} refused={false}>
        <AdminField id={`${id}-name_en`} label={m.english_texts_name()}>
          <input
            id={`${id}-name_en`}
            lang="en"
            value={nameEn}
            aria-describedby={`${id}-english-hint`}
            onChange={(event) => setNameEn(event.target.value)}
            className={inputClass}
          />
        </AdminField>
        <AdminField id={`${id}-description_en`} label={m.english_texts_description()}>
          <textarea
            id={`${id}-description_en`}
            lang="en"
            rows={3}
            value={descriptionEn}
            aria-describedby={`${id}-english-hint`}
            onChange={(event) => setDescriptionEn(event.target.value)}
            className={`${fieldClass} py-3`}
          />
        </AdminField>
      </EnglishTexts>
    </AdminForm>
  );
}
