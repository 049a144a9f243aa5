import type { ReactNode } from "react";
import type { AdminSettings, AdminUser } from "../../../../worker/contract/admin.ts";
import { fetchInsights } from "../admin-api.ts";
import { Badge, NoticeBanner, TabHeader } from "../admin-ui.tsx";
import { downloadFile } from "../exports/download-file.ts";
import { buildInsightsCsv, insightsExportFileName } from "../exports/insights-csv.ts";
import { buildUsersCsv, usersExportFileName } from "../exports/users-csv.ts";
import { useOutboxEntries, usePersistentStorage } from "../outbox/outbox.ts";
import { useTabAction } from "../use-tab-action.ts";

/**
 * docs/product.md §2's Settings: the note on e-mail, the status badges with what the server reports, Export
 * User Data (docs/product.md §9's CSV) and Clear Cache.
 */
export function SettingsTab({
  settings,
  users,
  onReload,
}: {
  settings: AdminSettings | undefined;
  users: readonly AdminUser[] | undefined;
  onReload(): Promise<void>;
}) {
  const { busy, notice, setNotice, run } = useTabAction();
  const waiting = useOutboxEntries()?.length ?? 0;
  const persisted = usePersistentStorage();

  const exportUsers = () => {
    if (!users || users.length === 0) {
      setNotice({ tone: "error", text: "No users to export" });
      return;
    }
    downloadFile(buildUsersCsv(users), usersExportFileName(new Date()));
    setNotice({ tone: "success", text: "User data exported." });
  };

  /** Issue 31: the last 90 days' insights, the users' export's format (the Insights tab exports its period). */
  const exportInsights = () =>
    run(async () => {
      const insights = await fetchInsights(90);
      downloadFile(buildInsightsCsv(insights), insightsExportFileName(insights));
      return "Insights exported.";
    }, "Failed to export insights.");

  /** docs/product.md §9: removes the browser's caches and session storage, then reloads all admin data. */
  const clearCache = () =>
    run(async () => {
      if ("caches" in window) {
        const names = await caches.keys();
        await Promise.all(names.map((name) => caches.delete(name)));
      }
      sessionStorage.clear();
      await onReload();
      // The outbox is not a cache: changes not yet on the server stay (issue 28).
      const kept =
        waiting === 0 ? "" : ` ${waiting === 1 ? "1 change" : `${waiting} changes`} waiting to sync were kept.`;
      return `Cache cleared and data reloaded.${kept}`;
    }, "Failed to clear cache.");

  return (
    <div className="space-y-6">
      <TabHeader title="Settings" />
      <NoticeBanner notice={notice} />
      <div className="grid gap-5 lg:grid-cols-2">
        <section aria-labelledby="settings-email" className="rounded-2xl border border-sand bg-white p-5 shadow-soft">
          <h3 id="settings-email" className="text-lg font-semibold text-sage-900">
            E-mail
          </h3>
          <p className="mt-2 text-sm text-muted">
            E-mail settings (sender, templates, delivery) are managed by the authentication provider.
          </p>
          <dl className="mt-4 space-y-2 text-sm">
            <StatusRow label="E-mail delivery" badge="configured">
              {settings ? (settings.email_transport ?? "no transport set") : null}
            </StatusRow>
            {settings ? (
              <div className="flex flex-wrap justify-between gap-2">
                <dt className="text-muted">Outbox</dt>
                <dd className="text-ink">
                  {settings.outbox.waiting} waiting · {settings.outbox.sent} sent · {settings.outbox.failed} failed
                </dd>
              </div>
            ) : null}
          </dl>
        </section>

        <section aria-labelledby="settings-system" className="rounded-2xl border border-sand bg-white p-5 shadow-soft">
          <h3 id="settings-system" className="text-lg font-semibold text-sage-900">
            System status
          </h3>
          <dl className="mt-4 space-y-2 text-sm">
            <StatusRow label="Database" badge="connected">
              {settings?.database}
            </StatusRow>
            <StatusRow label="Authentication" badge="active" />
            <div className="flex flex-wrap justify-between gap-2">
              <dt className="text-muted">Storage on this device</dt>
              <dd className="text-ink">
                {persisted === undefined
                  ? "Checking…"
                  : persisted
                    ? "Kept: the browser will not clear it on its own"
                    : "Not guaranteed: the browser may clear it when space runs low"}
              </dd>
            </div>
            {settings ? (
              <div className="flex flex-wrap justify-between gap-2">
                <dt className="text-muted">App version</dt>
                <dd className="text-ink">{settings.app_version}</dd>
              </div>
            ) : null}
          </dl>
        </section>

        <section
          aria-labelledby="settings-data"
          className="rounded-2xl border border-sand bg-white p-5 shadow-soft lg:col-span-2"
        >
          <h3 id="settings-data" className="text-lg font-semibold text-sage-900">
            Data
          </h3>
          <p className="mt-2 text-sm text-muted">
            The export is a CSV file of every user (no passwords, no answers); the insights' export, each product's
            views and shop visits over the last 90 days. Clear Cache empties this browser’s caches and session storage,
            then loads everything again; changes waiting to sync are kept.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <button type="button" className="btn btn-primary" onClick={exportUsers}>
              Export User Data
            </button>
            <TabActionButton busy={busy} onClick={exportInsights}>
              Export Insights (90 days)
            </TabActionButton>
            <TabActionButton busy={busy} onClick={clearCache}>
              Clear Cache
            </TabActionButton>
          </div>
        </section>
      </div>
    </div>
  );
}

/** One of the tab's actions that wait for the network: none starts while another runs (they share the notice). */
function TabActionButton({
  busy,
  onClick,
  children,
}: {
  busy: boolean;
  onClick(): Promise<void>;
  children: ReactNode;
}) {
  return (
    <button type="button" className="btn btn-outline" onClick={() => void onClick()} disabled={busy} aria-busy={busy}>
      {children}
    </button>
  );
}

function StatusRow({ label, badge, children }: { label: string; badge: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <dt className="text-muted">{label}</dt>
      <dd className="flex items-center gap-2 text-ink">
        {children ? <span>{children}</span> : null}
        <Badge>{badge}</Badge>
      </dd>
    </div>
  );
}
