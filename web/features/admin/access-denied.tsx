import { useState } from "react";
import { LockIcon } from "../../components/icons.tsx";
import { MessageScreen } from "../../components/message-screen.tsx";
import { getSessionManager } from "../../lib/session.ts";

/**
 * docs/product.md §2: a signed-in member at /admin. "Sign in as Admin" signs them out (which clears the
 * token and the admin flag, docs/product.md §4), and the admin login takes this screen's place.
 */
export function AccessDenied() {
  const [busy, setBusy] = useState(false);
  return (
    <MessageScreen
      title="Access Denied"
      // The admin screen's tab name, which the login after this one keeps.
      documentTitle="Admin"
      icon={LockIcon}
      tone="warm"
      links={[{ to: "/", label: "Go to Homepage" }]}
      actions={
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
      }
    >
      The admin panel is for the shop’s administrator. You are signed in with another account.
    </MessageScreen>
  );
}
