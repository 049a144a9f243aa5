import { useDocumentTitle } from "../../lib/document-title.ts";
import { useSessionState } from "../../lib/session.ts";
import { m } from "../../paraglide/messages.js";
import { AccessDenied } from "./access-denied.tsx";
import { AdminDashboard } from "./admin-dashboard.tsx";
import { AdminLogin } from "./admin-login.tsx";
import { useSharedPhotos } from "./shared-photos.ts";

/**
 * `/admin` (docs/product.md §2, §4): the admin login for a visitor, Access Denied for a member, the
 * dashboard for the administrator. The server checks every admin call anyway; this only decides
 * what to show.
 */
export function AdminScreen() {
  useDocumentTitle(m.admin_document_title());
  const state = useSessionState();
  // Photos shared to the installed app (ADR 0095): a new product form for the administrator.
  const shared = useSharedPhotos(state);
  if (!state || state.status === "loading" || (shared === "waiting" && state.session?.user.role === "admin")) {
    return (
      <p role="status" className="container-page py-24 text-center text-muted">
        {m.admin_loading()}
      </p>
    );
  }
  if (state.status === "signed-out") return <AdminLogin />;
  if (state.session.user.role !== "admin") return <AccessDenied />;
  return <AdminDashboard sharedFiles={Array.isArray(shared) && shared.length > 0 ? shared : undefined} />;
}
