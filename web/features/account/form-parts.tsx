import type { ReactNode } from "react";

/** The account screens' text field: tall enough to tap, one look across sign-up, sign-in, reset. */
export const fieldClass =
  "mt-1.5 h-12 w-full rounded-xl border border-sand bg-white px-4 text-base text-ink shadow-soft placeholder:text-muted focus-visible:border-sage-600 focus-visible:outline-2 focus-visible:outline-offset-0";

/** A message the screen just produced: read out at once (an error) or politely (a success). */
export function FormMessage({
  tone,
  children,
  className = "",
}: {
  tone: "error" | "success";
  children: ReactNode;
  className?: string;
}) {
  return tone === "error" ? (
    <p
      role="alert"
      className={`rounded-xl border border-terracotta-100 bg-terracotta-50 px-4 py-3 text-sm text-terracotta-700 ${className}`}
    >
      {children}
    </p>
  ) : (
    <p role="status" className={`rounded-xl bg-sage-50 px-4 py-3 text-sm text-sage-800 ${className}`}>
      {children}
    </p>
  );
}

/** The card the account screens sit in. */
export function AccountCard({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={`mx-auto rounded-3xl border border-sand bg-white/80 px-5 py-8 shadow-soft sm:px-10 sm:py-10 ${className}`}
    >
      {children}
    </div>
  );
}
