import { useId, useState, useSyncExternalStore } from "react";
import type { Category, Product } from "../../../../worker/contract/catalogue.ts";
import type { OutboxChange, OutboxEntry } from "../../../lib/admin-outbox.ts";
import { m } from "../../../paraglide/messages.js";
import { dateLocale } from "../admin-format.ts";
import { confirmAction } from "../admin-ui.tsx";
import { getOutbox, useOutboxEntries } from "./outbox.ts";

/** The header's words for the outbox (issue 28). */
export function outboxSummary(entries: readonly OutboxEntry[]): string {
  const attention = entries.filter((entry) => entry.state === "conflict" || entry.state === "rejected").length;
  if (attention > 0) return m.admin_outbox_attention({ count: attention });
  if (entries.length === 0) return m.admin_outbox_all_saved();
  return m.admin_outbox_waiting({ count: entries.length });
}

/** A change to a row in a line, by row and action (each language words the pair its own way). */
const changeWords = {
  product: {
    create: m.admin_change_product_create,
    update: m.admin_change_product_update,
    delete: m.admin_change_product_delete,
  },
  category: {
    create: m.admin_change_category_create,
    update: m.admin_change_category_update,
    delete: m.admin_change_category_delete,
  },
} as const;

/** What an entry changes, in a line: "Edit product “Ihlamur Çayı”", "Product order in “Çaylar”". */
export function describeChange(change: OutboxChange, categories: readonly Pick<Category, "id" | "name">[]): string {
  if (change.kind === "reorder") {
    const name = categories.find((category) => category.id === change.categoryId)?.name;
    return name ? m.admin_change_order_in({ name }) : m.admin_change_order();
  }
  if (change.kind === "photo.upload") return m.photos_change_upload({ name: change.name });
  const [row, action] = change.kind.split(".") as ["product" | "category", "create" | "update" | "delete"];
  return changeWords[row][action]({ name: "input" in change ? change.input.name : change.name });
}

const stateWords: Record<OutboxEntry["state"], () => string> = {
  waiting: m.admin_state_waiting,
  sending: m.admin_state_sending,
  conflict: m.admin_state_conflict,
  rejected: m.admin_state_rejected,
};

/**
 * The admin header's status of the outbox (polite: it changes as changes go out), which opens
 * the list of changes not yet on the server, each with what, when, its state, and what the admin
 * can do: Retry and Discard, and for a conflict the server's row beside theirs, field by field,
 * with Keep mine and Keep theirs.
 */
export function OutboxStatus({ categories }: { categories: readonly Category[] }) {
  const id = useId();
  const entries = useOutboxEntries() ?? [];
  const [open, setOpen] = useState(false);
  const outbox = getOutbox();
  const status = useSyncExternalStore(outbox.subscribe, outbox.status, outbox.status);
  const summary = outboxSummary(entries);
  const attention = entries.some((entry) => entry.state === "conflict" || entry.state === "rejected");

  return (
    <div className="mt-3">
      {/* A live region around the button: its words are read out as they change. */}
      <div role="status">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          onClick={() => setOpen(!open)}
          className={`rounded-full border px-3 py-1 text-sm font-semibold ${
            attention ? "border-red-300 bg-red-50 text-red-800" : "border-sand bg-white text-sage-900"
          }`}
        >
          {summary}
        </button>
      </div>
      {status.outcome === "signed-out" && entries.length > 0 ? (
        <p className="mt-2 text-sm text-muted">{m.admin_outbox_sign_in_again()}</p>
      ) : null}
      {open ? (
        <div id={`${id}-list`} className="mt-3 rounded-2xl border border-sand bg-white p-4 shadow-soft">
          {entries.length === 0 ? (
            <p className="text-sm text-muted">{m.admin_outbox_all_on_server()}</p>
          ) : (
            <ol className="space-y-3" aria-label={m.admin_outbox_list()}>
              {entries.map((entry) => (
                <PendingChange key={entry.seq} entry={entry} categories={categories} />
              ))}
            </ol>
          )}
        </div>
      ) : null}
    </div>
  );
}

function PendingChange({ entry, categories }: { entry: OutboxEntry; categories: readonly Category[] }) {
  const { queue } = getOutbox();
  const seq = entry.seq as number;
  const discard = () => {
    if (confirmAction(m.admin_outbox_discard_question())) void queue.discard(seq);
  };
  return (
    <li className="rounded-xl bg-linen/60 p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-sage-900" lang="tr">
          {describeChange(entry.change, categories)}
        </p>
        <p className="text-muted">
          <span className="font-semibold">{stateWords[entry.state]()}</span> ·{" "}
          <time dateTime={new Date(entry.queuedAt).toISOString()}>
            {new Date(entry.queuedAt).toLocaleString(dateLocale())}
          </time>
        </p>
      </div>
      {entry.state === "rejected" && entry.refusal ? <p className="mt-1 text-red-800">{entry.refusal.detail}</p> : null}
      {entry.state === "conflict" && entry.current ? (
        <ConflictTable change={entry.change} current={entry.current} />
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {entry.state === "conflict" ? (
          <>
            <button type="button" className="btn btn-primary" onClick={() => void queue.keepMine(seq)}>
              {m.admin_keep_mine()}
            </button>
            <button type="button" className="btn btn-outline" onClick={() => void queue.keepTheirs(seq)}>
              {m.admin_keep_theirs()}
            </button>
          </>
        ) : null}
        {entry.state === "rejected" ? (
          <button type="button" className="btn btn-primary" onClick={() => void queue.retry(seq)}>
            {m.admin_retry()}
          </button>
        ) : null}
        {entry.state !== "conflict" && entry.state !== "sending" ? (
          <button type="button" className="btn btn-outline" onClick={discard}>
            {m.admin_discard()}
          </button>
        ) : null}
      </div>
    </li>
  );
}

const fieldLabels: Record<string, () => string> = {
  name: m.admin_field_name,
  short_description: m.admin_field_short_description,
  description: m.admin_field_description,
  long_description: m.admin_field_long_description,
  category_id: m.admin_field_category,
  images: m.admin_field_images,
  etsy_link: m.admin_field_shop_link,
  name_en: m.english_texts_name,
  short_description_en: m.english_texts_short_description,
  description_en: m.english_texts_description,
  long_description_en: m.english_texts_long_description,
};

/** The server's row beside the admin's change, the fields that differ. */
function ConflictTable({ change, current }: { change: OutboxChange; current: Product | Category }) {
  const mine: Record<string, unknown> = "input" in change ? change.input : { deleted: true };
  const theirs = current as unknown as Record<string, unknown>;
  const shown = (value: unknown) => (Array.isArray(value) ? value.join(", ") : String(value ?? ""));
  const fields = Object.keys(fieldLabels).filter(
    (field) => field in mine && shown(mine[field]) !== shown(theirs[field]),
  );
  return (
    <table className="mt-2 w-full table-fixed border-collapse text-left">
      <caption className="sr-only">{m.admin_conflict_caption()}</caption>
      <thead>
        <tr>
          <th className="w-1/4 py-1">{m.admin_conflict_field()}</th>
          <th className="py-1">{m.admin_conflict_on_server()}</th>
          <th className="py-1">{m.admin_conflict_yours()}</th>
        </tr>
      </thead>
      <tbody>
        {"deleted" in mine ? (
          <tr>
            <td className="py-1">{m.admin_delete()}</td>
            <td className="py-1">{m.admin_conflict_changed_since()}</td>
            <td className="py-1">{m.admin_conflict_deleted()}</td>
          </tr>
        ) : (
          fields.map((field) => (
            <tr key={field} className="align-top">
              <th scope="row" className="py-1 font-normal">
                {fieldLabels[field]?.()}
              </th>
              <td className="break-words py-1" lang="tr">
                {shown(theirs[field])}
              </td>
              <td className="break-words py-1" lang="tr">
                {shown(mine[field])}
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
