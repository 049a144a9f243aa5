import { useId, useState, useSyncExternalStore } from "react";
import type { Category, Product } from "../../../../worker/contract/catalogue.ts";
import type { OutboxChange, OutboxEntry } from "../../../lib/admin-outbox.ts";
import { confirmAction } from "../admin-ui.tsx";
import { getOutbox, useOutboxEntries } from "./outbox.ts";

/** The header's words for the outbox (issue 28). */
export function outboxSummary(entries: readonly OutboxEntry[]): string {
  const attention = entries.filter((entry) => entry.state === "conflict" || entry.state === "rejected").length;
  if (attention > 0) return `${attention} ${attention === 1 ? "change needs" : "changes need"} your attention`;
  if (entries.length === 0) return "All changes saved";
  return `${entries.length} ${entries.length === 1 ? "change" : "changes"} waiting to sync`;
}

const verbs = { create: "Add", update: "Edit", delete: "Delete" } as const;

/** What an entry changes, in a line: "Edit product “Ihlamur Çayı”", "Product order in “Çaylar”". */
export function describeChange(change: OutboxChange, categories: readonly Category[]): string {
  if (change.kind === "reorder") {
    const name = categories.find((category) => category.id === change.categoryId)?.name;
    return name ? `Product order in “${name}”` : "Product order";
  }
  const [row, action] = change.kind.split(".") as ["product" | "category", keyof typeof verbs];
  return `${verbs[action]} ${row} “${"input" in change ? change.input.name : change.name}”`;
}

const stateWords: Record<OutboxEntry["state"], string> = {
  waiting: "Waiting",
  sending: "Sending",
  conflict: "Conflict",
  rejected: "Rejected",
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
        <p className="mt-2 text-sm text-muted">Sign in again to send the changes waiting on this device.</p>
      ) : null}
      {open ? (
        <div id={`${id}-list`} className="mt-3 rounded-2xl border border-sand bg-white p-4 shadow-soft">
          {entries.length === 0 ? (
            <p className="text-sm text-muted">Every change is on the server.</p>
          ) : (
            <ol className="space-y-3" aria-label="Changes not yet on the server">
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
    if (confirmAction("Discard this change? It will not be sent.")) void queue.discard(seq);
  };
  return (
    <li className="rounded-xl bg-linen/60 p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-sage-900" lang="tr">
          {describeChange(entry.change, categories)}
        </p>
        <p className="text-muted">
          <span className="font-semibold">{stateWords[entry.state]}</span> ·{" "}
          <time dateTime={new Date(entry.queuedAt).toISOString()}>{new Date(entry.queuedAt).toLocaleString()}</time>
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
              Keep mine
            </button>
            <button type="button" className="btn btn-outline" onClick={() => void queue.keepTheirs(seq)}>
              Keep theirs
            </button>
          </>
        ) : null}
        {entry.state === "rejected" ? (
          <button type="button" className="btn btn-primary" onClick={() => void queue.retry(seq)}>
            Retry
          </button>
        ) : null}
        {entry.state !== "conflict" && entry.state !== "sending" ? (
          <button type="button" className="btn btn-outline" onClick={discard}>
            Discard
          </button>
        ) : null}
      </div>
    </li>
  );
}

const fieldLabels: Record<string, string> = {
  name: "Name",
  short_description: "Short Description",
  description: "Description",
  long_description: "Long Description",
  category_id: "Category",
  images: "Images",
  etsy_link: "Shop Link",
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
      <caption className="sr-only">The server's version beside yours</caption>
      <thead>
        <tr>
          <th className="w-1/4 py-1">Field</th>
          <th className="py-1">On the server</th>
          <th className="py-1">Yours</th>
        </tr>
      </thead>
      <tbody>
        {"deleted" in mine ? (
          <tr>
            <td className="py-1">Delete</td>
            <td className="py-1">Changed since you deleted it</td>
            <td className="py-1">Deleted</td>
          </tr>
        ) : (
          fields.map((field) => (
            <tr key={field} className="align-top">
              <th scope="row" className="py-1 font-normal">
                {fieldLabels[field]}
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
