/** A failed load, said plainly, with Retry. */
export function ErrorPanel({
  message,
  onRetry,
  className = "",
}: {
  message: string;
  onRetry(): void;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={`rounded-2xl border border-terracotta-100 bg-terracotta-50 p-6 text-center ${className}`}
    >
      <p className="text-terracotta-700">{message}</p>
      <button type="button" className="btn btn-outline mt-4" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
