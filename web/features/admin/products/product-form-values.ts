import type { ProductInput } from "../../../../worker/contract/admin.ts";
import type { Product } from "../../../../worker/contract/catalogue.ts";
import { inTemperamentOrder, type Temperament } from "../../../../worker/contract/temperaments.ts";

/** What the product form edits: strings, as the inputs hold them. */
export type ProductFormValues = {
  name: string;
  category_id: string;
  short_description: string;
  long_description: string;
  images: string[];
  etsy_link: string;
  /** The temperaments ticked, in the order they were ticked; none: for everyone (issue 30). */
  temperaments: Temperament[];
};

/** docs/product.md §4: the form opens prefilled for an edit, or empty with one blank image field for a new product. */
export function productFormFrom(product: Product | undefined): ProductFormValues {
  return {
    name: product?.name ?? "",
    category_id: product?.category_id == null ? "" : String(product.category_id),
    short_description: product?.short_description ?? "",
    long_description: product?.long_description ?? "",
    images: product?.images.length ? [...product.images] : [""],
    etsy_link: product?.etsy_link ?? "",
    temperaments: [...(product?.temperaments ?? [])],
  };
}

export type ProductField = "name" | "category_id" | "short_description" | "etsy_link";

/** docs/product.md §5: name, category, short description and shop link are required. */
export function missingProductFields(values: ProductFormValues): ProductField[] {
  const required: ProductField[] = ["name", "category_id", "short_description", "etsy_link"];
  return required.filter((field) => values[field].trim() === "");
}

/**
 * docs/product.md §7's payload; blank image entries dropped (docs/product.md §5). The temperaments are always sent, in
 * the canonical order (ADR 0048): an edit that unticks them all clears them.
 */
export function productPayload(values: ProductFormValues): ProductInput {
  return {
    name: values.name.trim(),
    short_description: values.short_description.trim(),
    long_description: values.long_description,
    category_id: Number(values.category_id),
    images: values.images.map((image) => image.trim()).filter((image) => image !== ""),
    etsy_link: values.etsy_link.trim(),
    temperaments: inTemperamentOrder(values.temperaments),
  };
}

/** The English texts the form's English group edits (ADR 0087); empty: the English pages show the Turkish. */
export type EnglishFormValues = { name_en: string; short_description_en: string; long_description_en: string };

/** A product's English texts for the form; `?? ""`: a copy the device kept from before they existed. */
export function englishFormFrom(product: Product | undefined): EnglishFormValues {
  return {
    name_en: product?.name_en ?? "",
    short_description_en: product?.short_description_en ?? "",
    long_description_en: product?.long_description_en ?? "",
  };
}

/** The English texts as the payload carries them: always sent, so emptying one clears it. */
export function englishPayload(values: EnglishFormValues) {
  return {
    name_en: values.name_en.trim(),
    short_description_en: values.short_description_en.trim(),
    long_description_en: values.long_description_en,
  } satisfies Partial<ProductInput>;
}
