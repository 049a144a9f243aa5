import { m } from "../paraglide/messages.js";
/** A failed load, said plainly, with Retry (or the screen's own word for it; disabled while `busy`). */
export function ErrorPanel({
  message,
  onRetry,
  retryLabel = m.retry(),
  busy = false,
  className = "",
}: {
  message: string;
  onRetry(): void;
  retryLabel?: string;
  busy?: boolean;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={`rounded-2xl border border-terracotta-100 bg-terracotta-50 p-6 text-center ${className}`}
    >
      <p className="text-terracotta-700">{message}</p>
      <button type="button" className="btn btn-outline mt-4" onClick={onRetry} disabled={busy} aria-busy={busy}>
        {retryLabel}
      </button>
    </div>
  );
}
