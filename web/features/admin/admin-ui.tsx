import { type ComponentProps, type FormEvent, type ReactNode, useEffect, useId, useRef } from "react";
import type { Category } from "../../../worker/contract/catalogue.ts";
import { m } from "../../paraglide/messages.js";

/*
 * Pieces the admin tabs share. The account screens have their own (features do not import each
 * other); these are denser, for a working screen rather than a welcome.
 */

export const fieldClass =
  "mt-1.5 w-full rounded-xl border border-sand bg-white px-4 text-base text-ink shadow-soft placeholder:text-muted focus-visible:border-sage-600 focus-visible:outline-2 focus-visible:outline-offset-0 aria-[invalid=true]:border-terracotta-600";

export const inputClass = `${fieldClass} h-12`;

export const labelClass = "text-sm font-medium text-ink";

export type Notice = { tone: "error" | "success"; text: string };

/**
 * A tab's or a form's latest outcome: read out at once when it failed, politely when it worked,
 * and brought into view. The admin may have acted far below it (a card's Delete at the end of a
 * long list): a message above the screen, under the sticky header, looked like a tap that did
 * nothing (issue 38). `nearest` moves the page only when the message is out of view, and stops
 * below the header (the page's scroll-padding-top).
 */
export function NoticeBanner({ notice, children }: { notice: Notice | null; children?: ReactNode }) {
  const banner = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) banner.current?.scrollIntoView({ block: "nearest" });
  }, [notice]);
  // The live regions stay in the page so a screen reader hears each new message; without one the
  // wrapper has no box, so it adds no gap to the tab's spacing.
  return (
    <div ref={banner} className="[&:not(:has(p))]:contents">
      <div role="alert" className="empty:hidden">
        {notice?.tone === "error" ? (
          <div className="rounded-xl border border-terracotta-100 bg-terracotta-50 px-4 py-3 text-sm text-terracotta-700">
            <p>{notice.text}</p>
            {children}
          </div>
        ) : null}
      </div>
      <div role="status" className="empty:hidden">
        {notice?.tone === "success" ? (
          <p className="rounded-xl bg-sage-50 px-4 py-3 text-sm text-sage-800">{notice.text}</p>
        ) : null}
      </div>
    </div>
  );
}

/** A field's own problem, tied to it with aria-describedby. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm text-terracotta-700">
      {children}
    </p>
  );
}

/** docs/product.md §5's required fields: a star to see, a word to hear. */
export function RequiredMark() {
  return (
    <span className="text-terracotta-700">
      <span aria-hidden="true">*</span>
      <span className="sr-only">{m.admin_required()}</span>
    </span>
  );
}

/**
 * A form control under its label, with its problem under it. The control (the child) carries
 * the `id`, and with a problem `aria-describedby={`${id}-error`}`.
 */
export function AdminField({
  id,
  label,
  required = false,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  required?: boolean;
  error?: string | null;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
        {required ? (
          <>
            {" "}
            <RequiredMark />
          </>
        ) : null}
      </label>
      {children}
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </div>
  );
}

/** The categories as a select's options, after its own first one ("All Categories", say). */
export function CategoryOptions({ categories }: { categories: readonly Category[] }) {
  return categories.map((category) => (
    <option key={category.id} value={category.id}>
      {category.name}
    </option>
  ));
}

/** A button drawn as an icon or a letter: its label names it for screen readers and as its tooltip. */
export function IconButton({ label, ...button }: ComponentProps<"button"> & { label: string }) {
  return <button type="button" aria-label={label} title={label} {...button} />;
}

export function Badge({ tone = "sage", children }: { tone?: "sage" | "sand" | "terracotta"; children: ReactNode }) {
  const tones = {
    sage: "bg-sage-100 text-sage-800",
    sand: "bg-linen text-ink",
    terracotta: "bg-terracotta-50 text-terracotta-700",
  };
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 font-sans text-xs font-semibold ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

/** A tab's heading row: the title, and its main action on the right. */
export function TabHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 className="text-2xl font-semibold text-sage-900">{title}</h2>
      {children}
    </div>
  );
}

/** An empty list, said plainly (docs/product.md §2's empty texts). */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-2xl border border-dashed border-sand bg-white/60 px-6 py-10 text-center text-muted">
      {children}
    </p>
  );
}

/** docs/product.md §8's confirmations: the browser's own dialog, which every assistive technology knows. */
export function confirmAction(question: string): boolean {
  return window.confirm(question);
}

/**
 * The end of an admin form: the notice (with the server's current row after a 412, to load
 * instead of the stale one), Save and Cancel.
 */
function FormFooter({
  notice,
  conflict,
  onLoadCurrent,
  busy,
  submitLabel,
  onCancel,
}: {
  notice: Notice | null;
  conflict: { title: string; text: string } | null;
  onLoadCurrent(): void;
  busy: boolean;
  submitLabel: string;
  onCancel(): void;
}) {
  return (
    <>
      <NoticeBanner notice={notice}>
        {conflict ? (
          <div className="mt-3 rounded-lg bg-white/70 p-3 text-ink">
            <p className="font-semibold">{conflict.title}</p>
            <p className="text-muted">{conflict.text}</p>
            <button type="button" className="btn btn-outline mt-3" onClick={onLoadCurrent}>
              {m.admin_load_current_version()}
            </button>
          </div>
        ) : null}
      </NoticeBanner>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          {busy ? m.admin_saving() : submitLabel}
        </button>
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          {m.admin_cancel()}
        </button>
      </div>
    </>
  );
}

/** An admin form's words (docs/product.md §2): its title for a new row, its submit button's for a new and an edited one. */
export type FormWords = { add: string; create: string; update: string };

/**
 * An admin form (useVersionedSave's `save`): its card, its heading, which names the form for
 * screen readers ("Edit “…”" for an edit), the fields, then the notice, the submit button and Cancel.
 */
export function AdminForm({
  save,
  words,
  onSubmit,
  onCancel,
  children,
}: {
  save: {
    editing: { name: string } | undefined;
    footer: Omit<Parameters<typeof FormFooter>[0], "submitLabel" | "onCancel">;
  };
  words: FormWords;
  onSubmit(event: FormEvent): void;
  onCancel(): void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      className="space-y-5 rounded-3xl border border-sand bg-white/80 p-5 shadow-soft sm:p-8"
    >
      <h3 id={`${id}-title`} className="text-xl font-semibold text-sage-900">
        {save.editing ? m.admin_edit_title({ name: save.editing.name }) : words.add}
      </h3>
      {children}
      <FormFooter {...save.footer} submitLabel={save.editing ? words.update : words.create} onCancel={onCancel} />
    </form>
  );
}
