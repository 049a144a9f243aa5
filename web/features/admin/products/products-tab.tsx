import { useState } from "react";
import type { Category, Product } from "../../../../worker/contract/catalogue.ts";
import { m } from "../../../paraglide/messages.js";
import { fetchProduct, VersionConflictError } from "../admin-api.ts";
import { Badge } from "../admin-ui.tsx";
import { CardActions, ManagementTab, useManagementTab } from "../management-tab.tsx";
import { saveChange } from "../outbox/outbox.ts";
import { ProductForm } from "./product-form.tsx";
import { ProductThumbnail } from "./product-thumbnail.tsx";

/** What the two tabs over the products (Product Management, Product Ordering) are given. */
export type ProductTabProps = {
  products: readonly Product[];
  categories: readonly Category[];
  /** A write went through: the dashboard reloads the products. */
  onChanged(): Promise<void>;
};

/**
 * docs/product.md §2's Product Management: the form, and a card per product with Edit and Delete.
 * Photos shared to the app (`sharedFiles`, ADR 0095) open it on a new product holding them; the
 * form they were shared to is the only one that gets them.
 */
export function ProductsTab({
  products,
  categories,
  onChanged,
  sharedFiles,
}: ProductTabProps & { sharedFiles?: File[] | undefined }) {
  const [shared, setShared] = useState(sharedFiles);
  const tab = useManagementTab<Product>(
    onChanged,
    { created: m.admin_product_created(), updated: m.admin_product_updated() },
    sharedFiles !== undefined,
  );
  const { form } = tab;
  const categoryName = new Map(categories.map((category) => [category.id, category.name]));

  /**
   * The product as the server has it now when that is newer than the list (another tab or admin
   * changed it); else the listed one, which carries this device's changes not yet sent.
   */
  const openEdit = async (listed: Product) => {
    setShared(undefined);
    tab.setNotice(null);
    tab.setForm({ mode: "loading", id: listed.id });
    let product = listed;
    try {
      // A product made on this device and not yet sent has no server copy (its id is negative).
      if (listed.id > 0) {
        const current = await fetchProduct(listed.id);
        if (current.version > listed.version) product = current;
      }
    } catch {
      // Offline, or a moment old: If-Match catches it if someone changed it meanwhile.
    }
    tab.openForm(product);
  };

  return (
    <ManagementTab
      title={m.admin_tab_products()}
      addLabel={m.admin_add_product()}
      tab={tab}
      loading={m.admin_loading_product()}
      form={(product) => (
        <ProductForm
          product={product}
          categories={categories}
          sharedFiles={product ? undefined : shared}
          onSaved={(created, outcome) => {
            setShared(undefined);
            return tab.saved(created, outcome);
          }}
          onCancel={() => {
            setShared(undefined);
            tab.closeForm();
          }}
        />
      )}
      rows={products}
      empty={m.admin_products_empty()}
      gap="gap-5"
    >
      {(product) => (
        <>
          <div className="aspect-[4/3] bg-linen">
            <ProductThumbnail
              product={product}
              loading="lazy"
              width={640}
              height={480}
              sizes="(min-width: 1280px) 33vw, (min-width: 640px) 50vw, 100vw"
              className="size-full object-cover"
            />
          </div>
          <div className="flex flex-1 flex-col gap-2 p-5">
            <div>
              <Badge>
                {product.category_id === null
                  ? m.admin_no_category()
                  : (categoryName.get(product.category_id) ?? m.admin_category_number({ id: product.category_id }))}
              </Badge>
            </div>
            <h3 className="text-lg font-semibold text-sage-900" lang="tr">
              {product.name}
            </h3>
            <p className="line-clamp-3 text-sm text-muted" lang="tr">
              {product.short_description || product.description}
            </p>
            <CardActions
              name={product.name}
              onEdit={() => void openEdit(product)}
              editDisabled={form.mode === "loading"}
              onDelete={() =>
                void tab.remove(product, {
                  question: m.admin_product_delete_question(),
                  send: (row) =>
                    saveChange({ kind: "product.delete", id: row.id, baseVersion: row.version, name: row.name }),
                  deleted: m.admin_product_deleted(),
                  failed: (error) =>
                    `${m.admin_product_delete_failed()}${error instanceof VersionConflictError ? ` ${error.message}` : ""}`,
                })
              }
              deleteDisabled={tab.deleting === product.id}
              className="pt-3"
            />
          </div>
        </>
      )}
    </ManagementTab>
  );
}
