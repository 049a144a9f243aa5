import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { getSessionManager } from "../../lib/session.ts";

/**
 * SPEC §2: a signed-in member at /admin. "Sign in as Admin" signs them out (which clears the
 * token and the admin flag, SPEC §4), and the admin login takes this screen's place.
 */
export function AccessDenied() {
  const [busy, setBusy] = useState(false);
  return (
    <section className="container-page py-16 sm:py-24">
      <div className="mx-auto max-w-xl rounded-3xl border border-sand bg-white/70 px-6 py-12 text-center shadow-soft sm:px-12">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-terracotta-50 text-terracotta-600">
          <svg
            viewBox="0 0 24 24"
            className="size-7"
            fill="none"
            stroke="currentColor"
            strokeWidth={1.75}
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <rect x="4" y="11" width="16" height="10" rx="2" />
            <path d="M8 11V7a4 4 0 0 1 8 0v4" />
          </svg>
        </span>
        <h1 className="mt-6 text-3xl font-semibold text-sage-900 sm:text-4xl">Access Denied</h1>
        <p className="mx-auto mt-4 max-w-md text-muted">
          The admin panel is for the shop’s administrator. You are signed in with another account.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/" className="btn btn-primary">
            Go to Homepage
          </Link>
          <button
            type="button"
            className="btn btn-outline"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              await getSessionManager().signOut();
            }}
          >
            Sign in as Admin
          </button>
        </div>
      </div>
    </section>
  );
}
