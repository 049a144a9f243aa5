import { type FormEvent, lazy, Suspense, useId, useState } from "react";
import type { Category, Product } from "../../../../worker/contract/catalogue.ts";
import { temperaments } from "../../../../worker/contract/temperaments.ts";
import { ApiResponseError } from "../../../lib/api-client.ts";
import { temperamentNames } from "../../../lib/temperament-names.ts";
import { m } from "../../../paraglide/messages.js";
import { VersionConflictError, writeErrorMessage } from "../admin-api.ts";
import {
  AdminField,
  AdminForm,
  CategoryOptions,
  FieldError,
  type FormWords,
  fieldClass,
  inputClass,
  labelClass,
} from "../admin-ui.tsx";
import { EnglishTexts } from "../english-texts.tsx";
import type { SaveOutcome } from "../outbox/outbox.ts";
import { useVersionedSave } from "../use-versioned-save.ts";
import {
  type EnglishFormValues,
  englishFormFrom,
  englishPayload,
  missingProductFields,
  type ProductField,
  type ProductFormValues,
  productFormFrom,
  productPayload,
} from "./product-form-values.ts";
import { ProductPhotos } from "./product-photos.tsx";

// The editor (ProseMirror) is most of the admin's code: fetched when a product form first opens.
const RichTextEditor = lazy(() =>
  import("./rich-text-editor.tsx").then((module) => ({ default: module.RichTextEditor })),
);

const formWords = (): FormWords => ({
  add: m.admin_add_product(),
  create: m.admin_create_product(),
  update: m.admin_update_product(),
});

/** The required fields' labels, which the messages about them name too. */
const fieldNames: Record<ProductField, () => string> = {
  name: m.admin_field_name,
  category_id: m.admin_field_category,
  short_description: m.admin_field_short_description,
  etsy_link: m.admin_field_shop_link,
};

/** Not a word in any language: the start of an address. */
const urlPlaceholder = "https://";

/**
 * docs/product.md §2's "Add Product" form: Create Product for a new one, Update Product for an edit, Cancel.
 * On success the tab closes it and says whether the product was created or updated.
 */
export function ProductForm({
  product,
  categories,
  onSaved,
  onCancel,
  sharedFiles,
}: {
  /** The product being edited, as the server has it now; undefined for a new one. */
  product: Product | undefined;
  /** Photos shared to the app (ADR 0095), added as if chosen with "Add Photos". */
  sharedFiles?: File[] | undefined;
  categories: readonly Category[];
  onSaved(created: boolean, outcome: SaveOutcome): Promise<void>;
  onCancel(): void;
}) {
  const id = useId();
  const [values, setValues] = useState(() => productFormFrom(product));
  const [english, setEnglish] = useState(() => englishFormFrom(product));
  // Remounts the editor when the form loads another version of the description.
  const [editorKey, setEditorKey] = useState(0);
  const [invalid, setInvalid] = useState<Partial<Record<string, string>>>({});
  // Photos still being made are not in `images` yet: the product is saved once they are.
  const [preparingPhotos, setPreparingPhotos] = useState(0);
  const save = useVersionedSave("product", product, {
    onSaved,
    summary: (current) => current.short_description,
    onLoadCurrent: (current) => {
      setValues(productFormFrom(current));
      setEnglish(englishFormFrom(current));
      setEditorKey((key) => key + 1);
    },
  });

  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    // A field put right loses its message; the summary goes with the last of them.
    if (invalid[key]) {
      const rest = Object.fromEntries(Object.entries(invalid).filter(([field]) => field !== key));
      setInvalid(rest);
      if (Object.keys(rest).length === 0 && !save.conflict) save.setNotice(null);
    }
  };
  const setEnglishText = (key: keyof EnglishFormValues, value: string) => {
    setEnglish((current) => ({ ...current, [key]: value }));
    if (invalid[key]) setInvalid(Object.fromEntries(Object.entries(invalid).filter(([field]) => field !== key)));
  };
  const setImage = (index: number, value: string) =>
    set(
      "images",
      values.images.map((image, i) => (i === index ? value : image)),
    );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.busy) return;
    if (preparingPhotos > 0) {
      save.setNotice({ tone: "error", text: m.photos_still_preparing() });
      return;
    }
    const missing = missingProductFields(values);
    if (missing.length > 0) {
      setInvalid(
        Object.fromEntries(missing.map((field) => [field, m.admin_field_required({ field: fieldNames[field]() })])),
      );
      save.setNotice({
        tone: "error",
        text: m.admin_fill_required_fields({ fields: missing.map((f) => fieldNames[f]()).join(", ") }),
      });
      document.getElementById(`${id}-${missing[0]}`)?.focus();
      return;
    }
    setInvalid({});
    await save.run({ ...productPayload(values), ...englishPayload(english) }, (error) => {
      const fallback = m.admin_product_save_failed();
      if (error instanceof VersionConflictError) return error.message || fallback;
      if (error instanceof ApiResponseError && error.fields) {
        setInvalid(Object.fromEntries(Object.entries(error.fields).map(([field, why]) => [field.split(".")[0], why])));
      }
      return writeErrorMessage(error, fallback);
    });
  };

  const describe = (field: string) => (invalid[field] ? `${id}-${field}-error` : undefined);
  /** An English text's wiring (ADR 0087): optional, described by the group's hint. */
  const englishField = (name: "name_en" | "short_description_en") => ({
    id: `${id}-${name}`,
    value: english[name],
    onChange: (event: { target: { value: string } }) => setEnglishText(name, event.target.value),
    "aria-invalid": invalid[name] ? true : undefined,
    "aria-describedby": [`${id}-english-hint`, describe(name)].filter(Boolean).join(" "),
  });
  /** One required text field's wiring: its id, value and setter, and its problem. */
  const field = (name: ProductField) => ({
    id: `${id}-${name}`,
    required: true,
    value: values[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
    "aria-invalid": invalid[name] ? true : undefined,
    "aria-describedby": describe(name),
  });

  return (
    <AdminForm save={save} words={formWords()} onSubmit={onSubmit} onCancel={onCancel}>
      <div className="grid gap-5 md:grid-cols-2">
        <AdminField id={`${id}-name`} label={fieldNames.name()} required error={invalid.name}>
          <input {...field("name")} className={inputClass} />
        </AdminField>
        <AdminField id={`${id}-category_id`} label={fieldNames.category_id()} required error={invalid.category_id}>
          <select {...field("category_id")} className={inputClass}>
            <option value="">{m.admin_choose_category()}</option>
            <CategoryOptions categories={categories} />
          </select>
        </AdminField>
      </div>

      <AdminField
        id={`${id}-short_description`}
        label={fieldNames.short_description()}
        required
        error={invalid.short_description}
      >
        <textarea {...field("short_description")} rows={2} className={`${fieldClass} py-3`} />
      </AdminField>

      <RichTextField
        id={`${id}-long_description`}
        label={m.admin_field_description()}
        editorKey={editorKey}
        describedBy={describe("long_description")}
        initialHtml={values.long_description}
        onChange={(html) => set("long_description", html)}
        error={invalid.long_description}
      />

      <EnglishTexts
        id={id}
        initiallyOpen={Boolean(product?.name_en || product?.short_description_en || product?.long_description_en)}
        refused={Object.keys(invalid).some((field) => field.endsWith("_en"))}
      >
        <AdminField id={`${id}-name_en`} label={m.english_texts_name()} error={invalid.name_en}>
          <input {...englishField("name_en")} lang="en" className={inputClass} />
        </AdminField>
        <AdminField
          id={`${id}-short_description_en`}
          label={m.english_texts_short_description()}
          error={invalid.short_description_en}
        >
          <textarea {...englishField("short_description_en")} lang="en" rows={2} className={`${fieldClass} py-3`} />
        </AdminField>
        <RichTextField
          id={`${id}-long_description_en`}
          label={m.english_texts_description()}
          editorKey={editorKey}
          describedBy={[`${id}-english-hint`, describe("long_description_en")].filter(Boolean).join(" ")}
          lang="en"
          initialHtml={english.long_description_en}
          onChange={(html) => setEnglishText("long_description_en", html)}
          error={invalid.long_description_en}
        />
      </EnglishTexts>

      <fieldset aria-describedby={describe("images")}>
        <legend className={labelClass}>{m.admin_field_images()}</legend>
        <ProductPhotos
          images={values.images}
          sharedFiles={sharedFiles}
          onChange={(update) => setValues((current) => ({ ...current, images: update(current.images) }))}
          onPreparing={setPreparingPhotos}
        />
        <p className="text-sm text-muted">{m.admin_images_hint()}</p>
        <ul className="mt-2 space-y-2">
          {values.images.map((image, index) => (
            // The entries have no identity but their place; removing one re-keys the rest.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className="flex items-center gap-2">
              <label className="sr-only" htmlFor={`${id}-image-${index}`}>
                {m.admin_image_number({ number: index + 1 })}
              </label>
              <input
                id={`${id}-image-${index}`}
                type="url"
                inputMode="url"
                value={image}
                placeholder={urlPlaceholder}
                onChange={(event) => setImage(index, event.target.value)}
                className={`${inputClass} mt-0 min-w-0 flex-1`}
              />
              {/* docs/product.md §5: remove only while more than one is left. */}
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
                  {m.admin_remove()}
                  <span className="sr-only"> {m.admin_remove_image_target({ number: index + 1 })}</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
        <button type="button" className="btn btn-outline mt-3" onClick={() => set("images", [...values.images, ""])}>
          {m.admin_add_image()}
        </button>
        {invalid.images ? <FieldError id={`${id}-images-error`}>{invalid.images}</FieldError> : null}
      </fieldset>

      <AdminField id={`${id}-etsy_link`} label={fieldNames.etsy_link()} required error={invalid.etsy_link}>
        <input {...field("etsy_link")} type="url" inputMode="url" placeholder={urlPlaceholder} className={inputClass} />
      </AdminField>

      {/* Issue 30: optional; the shop's filter lists a product only under the ones ticked. */}
      <fieldset aria-describedby={[`${id}-temperaments-hint`, describe("temperaments")].filter(Boolean).join(" ")}>
        <legend className={labelClass}>{m.admin_suits_temperaments()}</legend>
        <p id={`${id}-temperaments-hint`} className="text-sm text-muted">
          {m.admin_temperaments_hint()}
        </p>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {temperaments.map((temperament) => (
            <label
              key={temperament}
              className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-sand bg-white px-4 text-sm font-medium text-ink has-[:checked]:border-sage-600 has-[:checked]:bg-sage-50"
            >
              <input
                type="checkbox"
                name="temperaments"
                value={temperament}
                checked={values.temperaments.includes(temperament)}
                onChange={(event) =>
                  set(
                    "temperaments",
                    event.target.checked
                      ? [...values.temperaments, temperament]
                      : values.temperaments.filter((ticked) => ticked !== temperament),
                  )
                }
                className="size-5 accent-sage-700"
              />
              {temperamentNames[temperament]}
            </label>
          ))}
        </div>
        {invalid.temperaments ? <FieldError id={`${id}-temperaments-error`}>{invalid.temperaments}</FieldError> : null}
      </fieldset>
    </AdminForm>
  );
}

/** The rich-text editor (lazy: its code loads when the form opens) with its label and error. */
function RichTextField({
  id,
  label,
  editorKey,
  describedBy,
  lang,
  initialHtml,
  onChange,
  error,
}: {
  id: string;
  label: string;
  /** A new key starts the editor anew with `initialHtml` (another product, or a reset form). */
  editorKey: string | number;
  describedBy: string | undefined;
  lang?: string;
  initialHtml: string;
  onChange(html: string): void;
  error: string | undefined;
}) {
  return (
    <div>
      {/* A label element labels form controls only; the editor is named by this id. */}
      <span id={`${id}-label`} className={`${labelClass} mb-1.5 block`}>
        {label}
      </span>
      <div>
        <Suspense fallback={<EditorPlaceholder />}>
          <RichTextEditor
            key={editorKey}
            labelId={`${id}-label`}
            describedBy={describedBy}
            lang={lang}
            initialHtml={initialHtml}
            onChange={onChange}
          />
        </Suspense>
      </div>
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </div>
  );
}

function EditorPlaceholder() {
  return (
    <div className="grid min-h-[13rem] place-items-center rounded-xl border border-sand bg-white text-sm text-muted">
      {m.admin_loading_editor()}
    </div>
  );
}
