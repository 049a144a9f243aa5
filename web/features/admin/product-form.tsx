import { type FormEvent, lazy, Suspense, useId, useState } from "react";
import type { Category, Product } from "../../../worker/contract/catalogue.ts";
import { ApiResponseError } from "../../lib/api-client.ts";
import { createProduct, updateProduct, VersionConflictError, writeErrorMessage } from "./admin-api.ts";
import { AdminForm, FieldError, FormFooter, fieldClass, inputClass, labelClass, type Notice } from "./admin-ui.tsx";
import {
  missingProductFields,
  type ProductField,
  type ProductFormValues,
  productFormFrom,
  productPayload,
} from "./product-form-values.ts";

// The editor (ProseMirror) is most of the admin's code: fetched when a product form first opens.
const RichTextEditor = lazy(() =>
  import("./rich-text-editor.tsx").then((module) => ({ default: module.RichTextEditor })),
);

const fieldNames: Record<ProductField, string> = {
  name: "Name",
  category_id: "Category",
  short_description: "Short Description",
  etsy_link: "Shop Link",
};

/**
 * SPEC §2's "Add Product" form: Create Product for a new one, Update Product for an edit, Cancel.
 * On success it hands the saved product up and the tab closes it.
 */
export function ProductForm({
  product,
  initial,
  categories,
  onSaved,
  onCancel,
}: {
  /** The product being edited; undefined for a new one. */
  product: Product | undefined;
  initial: ProductFormValues;
  categories: readonly Category[];
  onSaved(saved: Product, created: boolean): void;
  onCancel(): void;
}) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const [editing, setEditing] = useState(product);
  // Remounts the editor when the form loads another version of the description.
  const [editorKey, setEditorKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [invalid, setInvalid] = useState<Partial<Record<string, string>>>({});
  const [conflict, setConflict] = useState<Product | null>(null);

  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    // A field put right loses its message; the summary goes with the last of them.
    if (invalid[key]) {
      const rest = Object.fromEntries(Object.entries(invalid).filter(([field]) => field !== key));
      setInvalid(rest);
      if (Object.keys(rest).length === 0 && !conflict) setNotice(null);
    }
  };
  const setImage = (index: number, value: string) =>
    set(
      "images",
      values.images.map((image, i) => (i === index ? value : image)),
    );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const missing = missingProductFields(values);
    if (missing.length > 0) {
      setInvalid(Object.fromEntries(missing.map((field) => [field, `${fieldNames[field]} is required.`])));
      setNotice({
        tone: "error",
        text: `Please fill in the required fields: ${missing.map((f) => fieldNames[f]).join(", ")}.`,
      });
      document.getElementById(`${id}-${missing[0]}`)?.focus();
      return;
    }
    setBusy(true);
    setNotice(null);
    setInvalid({});
    setConflict(null);
    try {
      const payload = productPayload(values);
      const saved = editing ? await updateProduct(editing.id, editing.version, payload) : await createProduct(payload);
      onSaved(saved, !editing);
    } catch (error) {
      if (error instanceof VersionConflictError) {
        setConflict(error.current as Product);
        setNotice({ tone: "error", text: error.message || "Failed to save product. Please try again." });
      } else {
        if (error instanceof ApiResponseError && error.fields) {
          setInvalid(
            Object.fromEntries(Object.entries(error.fields).map(([field, why]) => [field.split(".")[0], why])),
          );
        }
        setNotice({ tone: "error", text: writeErrorMessage(error, "Failed to save product. Please try again.") });
      }
      setBusy(false);
    }
  };

  /** Takes up the version someone else saved, so the admin can redo their change on it. */
  const loadCurrent = () => {
    if (!conflict) return;
    setEditing(conflict);
    setValues(productFormFrom(conflict));
    setEditorKey((key) => key + 1);
    setConflict(null);
    setNotice(null);
  };

  const describe = (field: string) => (invalid[field] ? `${id}-${field}-error` : undefined);
  const fieldProps = (field: string) => ({
    id: `${id}-${field}`,
    "aria-invalid": invalid[field] ? true : undefined,
    "aria-describedby": describe(field),
  });

  return (
    <AdminForm title={editing ? `Edit “${editing.name}”` : "Add Product"} onSubmit={onSubmit}>
      <div className="grid gap-5 md:grid-cols-2">
        <div>
          <label htmlFor={`${id}-name`} className={labelClass}>
            Name <RequiredMark />
          </label>
          <input
            {...fieldProps("name")}
            required
            value={values.name}
            onChange={(event) => set("name", event.target.value)}
            className={inputClass}
          />
          {invalid.name ? <FieldError id={`${id}-name-error`}>{invalid.name}</FieldError> : null}
        </div>
        <div>
          <label htmlFor={`${id}-category_id`} className={labelClass}>
            Category <RequiredMark />
          </label>
          <select
            {...fieldProps("category_id")}
            required
            value={values.category_id}
            onChange={(event) => set("category_id", event.target.value)}
            className={inputClass}
          >
            <option value="">Choose a category</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
          {invalid.category_id ? <FieldError id={`${id}-category_id-error`}>{invalid.category_id}</FieldError> : null}
        </div>
      </div>

      <div>
        <label htmlFor={`${id}-short_description`} className={labelClass}>
          Short Description <RequiredMark />
        </label>
        <textarea
          {...fieldProps("short_description")}
          required
          rows={2}
          value={values.short_description}
          onChange={(event) => set("short_description", event.target.value)}
          className={`${fieldClass} py-3`}
        />
        {invalid.short_description ? (
          <FieldError id={`${id}-short_description-error`}>{invalid.short_description}</FieldError>
        ) : null}
      </div>

      <div>
        {/* A label element labels form controls only; the editor is named by this id. */}
        <span id={`${id}-long_description-label`} className={`${labelClass} mb-1.5 block`}>
          Description
        </span>
        <div>
          <Suspense fallback={<EditorPlaceholder />}>
            <RichTextEditor
              key={editorKey}
              labelId={`${id}-long_description-label`}
              describedBy={describe("long_description")}
              initialHtml={values.long_description}
              onChange={(html) => set("long_description", html)}
            />
          </Suspense>
        </div>
        {invalid.long_description ? (
          <FieldError id={`${id}-long_description-error`}>{invalid.long_description}</FieldError>
        ) : null}
      </div>

      <fieldset aria-describedby={describe("images")}>
        <legend className={labelClass}>Images</legend>
        <p className="text-sm text-muted">An address (https://…) or a path on this site (/images/…).</p>
        <ul className="mt-2 space-y-2">
          {values.images.map((image, index) => (
            // The entries have no identity but their place; removing one re-keys the rest.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className="flex items-center gap-2">
              <label className="sr-only" htmlFor={`${id}-image-${index}`}>
                Image {index + 1}
              </label>
              <input
                id={`${id}-image-${index}`}
                type="url"
                inputMode="url"
                value={image}
                placeholder="https://"
                onChange={(event) => setImage(index, event.target.value)}
                className={`${inputClass} mt-0 min-w-0 flex-1`}
              />
              {/* SPEC §5: remove only while more than one is left. */}
              {values.images.length > 1 ? (
                <button
                  type="button"
                  className="btn btn-outline shrink-0 px-4"
                  onClick={() =>
                    set(
                      "images",
                      values.images.filter((_, i) => i !== index),
                    )
                  }
                >
                  Remove<span className="sr-only"> image {index + 1}</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
        <button type="button" className="btn btn-outline mt-3" onClick={() => set("images", [...values.images, ""])}>
          Add Image
        </button>
        {invalid.images ? <FieldError id={`${id}-images-error`}>{invalid.images}</FieldError> : null}
      </fieldset>

      <div>
        <label htmlFor={`${id}-etsy_link`} className={labelClass}>
          Shop Link <RequiredMark />
        </label>
        <input
          {...fieldProps("etsy_link")}
          type="url"
          inputMode="url"
          required
          placeholder="https://"
          value={values.etsy_link}
          onChange={(event) => set("etsy_link", event.target.value)}
          className={inputClass}
        />
        {invalid.etsy_link ? <FieldError id={`${id}-etsy_link-error`}>{invalid.etsy_link}</FieldError> : null}
      </div>

      <FormFooter
        notice={notice}
        conflict={conflict ? { title: conflict.name, text: conflict.short_description } : null}
        onLoadCurrent={loadCurrent}
        busy={busy}
        submitLabel={editing ? "Update Product" : "Create Product"}
        onCancel={onCancel}
      />
    </AdminForm>
  );
}

function RequiredMark() {
  return (
    <span className="text-terracotta-700">
      <span aria-hidden="true">*</span>
      <span className="sr-only">(required)</span>
    </span>
  );
}

function EditorPlaceholder() {
  return (
    <div className="grid min-h-[13rem] place-items-center rounded-xl border border-sand bg-white text-sm text-muted">
      Loading editor…
    </div>
  );
}
