import { useState } from "react";
import type { Category, Product } from "../../../worker/contract/catalogue.ts";
import { deleteProduct, fetchProduct, VersionConflictError } from "./admin-api.ts";
import { Badge, confirmAction, EmptyState, type Notice, NoticeBanner, TabHeader } from "./admin-ui.tsx";
import { ProductForm } from "./product-form.tsx";
import { emptyProductForm, type ProductFormValues, productFormFrom } from "./product-form-values.ts";
import { ProductThumbnail } from "./product-thumbnail.tsx";

type FormState =
  | { mode: "closed" }
  | { mode: "loading"; id: number }
  | { mode: "open"; product: Product | undefined; initial: ProductFormValues; key: number };

/** SPEC §2's Product Management: the form, and a card per product with Edit and Delete. */
export function ProductsTab({
  products,
  categories,
  onChanged,
}: {
  products: readonly Product[];
  categories: readonly Category[];
  /** A write went through: the dashboard reloads the products. */
  onChanged(): Promise<void>;
}) {
  const [form, setForm] = useState<FormState>({ mode: "closed" });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const categoryName = new Map(categories.map((category) => [category.id, category.name]));

  const openAdd = () => {
    setNotice(null);
    setForm({ mode: "open", product: undefined, initial: emptyProductForm(), key: Date.now() });
  };

  /** The product as the server has it now (its latest version and full description). */
  const openEdit = async (listed: Product) => {
    setNotice(null);
    setForm({ mode: "loading", id: listed.id });
    let product = listed;
    try {
      product = await fetchProduct(listed.id);
    } catch {
      // The listed copy is a moment old; If-Match catches it if someone changed it meanwhile.
    }
    setForm({ mode: "open", product, initial: productFormFrom(product), key: Date.now() });
  };

  const onSaved = async (_saved: Product, created: boolean) => {
    setForm({ mode: "closed" });
    setNotice({ tone: "success", text: created ? "Product created successfully!" : "Product updated successfully!" });
    await onChanged();
  };

  const onDelete = async (product: Product) => {
    if (!confirmAction("Are you sure you want to delete this product?")) return;
    setDeleting(product.id);
    setNotice(null);
    try {
      await deleteProduct(product.id, product.version);
      if (form.mode === "open" && form.product?.id === product.id) setForm({ mode: "closed" });
      setNotice({ tone: "success", text: "Product deleted successfully!" });
    } catch (error) {
      const why = error instanceof VersionConflictError ? ` ${error.message}` : "";
      setNotice({ tone: "error", text: `Failed to delete product.${why}` });
    } finally {
      setDeleting(null);
    }
    await onChanged();
  };

  return (
    <div className="space-y-6">
      <TabHeader title="Product Management">
        {form.mode === "closed" ? (
          <button type="button" className="btn btn-primary" onClick={openAdd}>
            Add Product
          </button>
        ) : null}
      </TabHeader>

      <NoticeBanner notice={notice} />

      {form.mode === "loading" ? (
        <p role="status" className="rounded-2xl bg-white/70 p-6 text-center text-muted">
          Loading product....
        </p>
      ) : null}
      {form.mode === "open" ? (
        <ProductForm
          key={form.key}
          product={form.product}
          initial={form.initial}
          categories={categories}
          onSaved={onSaved}
          onCancel={() => setForm({ mode: "closed" })}
        />
      ) : null}

      {products.length === 0 ? (
        <EmptyState>No products created yet</EmptyState>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
          {products.map((product) => (
            <li key={product.id}>
              <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-sand bg-white shadow-soft">
                <div className="aspect-[4/3] bg-linen">
                  <ProductThumbnail
                    product={product}
                    loading="lazy"
                    width={640}
                    height={480}
                    className="size-full object-cover"
                  />
                </div>
                <div className="flex flex-1 flex-col gap-2 p-5">
                  <div>
                    <Badge>
                      {product.category_id === null
                        ? "No category"
                        : (categoryName.get(product.category_id) ?? `Category ${product.category_id}`)}
                    </Badge>
                  </div>
                  <h3 className="text-lg font-semibold text-sage-900" lang="tr">
                    {product.name}
                  </h3>
                  <p className="line-clamp-3 text-sm text-muted" lang="tr">
                    {product.short_description || product.description}
                  </p>
                  <div className="mt-auto flex flex-wrap gap-2 pt-3">
                    <button
                      type="button"
                      className="btn btn-outline px-4"
                      onClick={() => void openEdit(product)}
                      disabled={form.mode === "loading"}
                    >
                      Edit<span className="sr-only"> {product.name}</span>
                    </button>
                    <button
                      type="button"
                      className="btn btn-danger px-4"
                      onClick={() => void onDelete(product)}
                      disabled={deleting === product.id}
                    >
                      Delete<span className="sr-only"> {product.name}</span>
                    </button>
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
