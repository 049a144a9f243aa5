import { useState } from "react";
import { LockIcon } from "../../components/icons.tsx";
import { MessageScreen } from "../../components/message-screen.tsx";
import { getSessionManager } from "../../lib/session.ts";
import { m } from "../../paraglide/messages.js";

/**
 * docs/product.md §2: a signed-in member at /admin. "Sign in as Admin" signs them out (which clears the
 * token and the admin flag, docs/product.md §4), and the admin login takes this screen's place.
 */
export function AccessDenied() {
  const [busy, setBusy] = useState(false);
  return (
    <MessageScreen
      title={m.admin_access_denied_title()}
      // The admin screen's tab name, which the login after this one keeps.
      documentTitle={m.admin_document_title()}
      icon={LockIcon}
      tone="warm"
      links={[{ to: "/", label: m.admin_go_to_homepage() }]}
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
          {m.admin_sign_in_as_admin()}
        </button>
      }
    >
      {m.admin_access_denied_text()}
    </MessageScreen>
  );
}
