/**
 * Window events that keep separate parts of the app in step (docs/product.md §2, §7): after a category is
 * created, updated or deleted the admin fires `categories-changed`, and the header reloads its
 * category menu.
 */
export const categoriesChangedEvent = "dogal-yasam:categories-changed";

/** Tells every listener in this window that the category list has changed. */
export function notifyCategoriesChanged(): void {
  window.dispatchEvent(new Event(categoriesChangedEvent));
}

/** Calls `listener` whenever the categories change; returns the unsubscribe function. */
export function onCategoriesChanged(listener: () => void): () => void {
  window.addEventListener(categoriesChangedEvent, listener);
  return () => window.removeEventListener(categoriesChangedEvent, listener);
}
