import type { ReactNode } from "react";
import type { AdminSettings, AdminUser } from "../../../../worker/contract/admin.ts";
import { m } from "../../../paraglide/messages.js";
import { fetchInsights } from "../admin-api.ts";
import { databaseLabel } from "../admin-format.ts";
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
      setNotice({ tone: "error", text: m.admin_no_users_to_export() });
      return;
    }
    downloadFile(buildUsersCsv(users), usersExportFileName(new Date()));
    setNotice({ tone: "success", text: m.admin_user_data_exported() });
  };

  /** Issue 31: the last 90 days' insights, the users' export's format (the Insights tab exports its period). */
  const exportInsights = () =>
    run(async () => {
      const insights = await fetchInsights(90);
      downloadFile(buildInsightsCsv(insights), insightsExportFileName(insights));
      return m.admin_insights_exported();
    }, m.admin_insights_export_failed());

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
      return waiting === 0
        ? m.admin_cache_cleared()
        : `${m.admin_cache_cleared()} ${m.admin_changes_kept({ count: waiting })}`;
    }, m.admin_cache_clear_failed());

  return (
    <div className="space-y-6">
      <TabHeader title={m.admin_tab_settings()} />
      <NoticeBanner notice={notice} />
      <div className="grid gap-5 lg:grid-cols-2">
        <section aria-labelledby="settings-email" className="rounded-2xl border border-sand bg-white p-5 shadow-soft">
          <h3 id="settings-email" className="text-lg font-semibold text-sage-900">
            {m.admin_settings_email()}
          </h3>
          <p className="mt-2 text-sm text-muted">{m.admin_settings_email_note()}</p>
          <dl className="mt-4 space-y-2 text-sm">
            {settings ? <EmailDeliveryRow transport={settings.email_transport} /> : null}
            {settings ? (
              <div className="flex flex-wrap justify-between gap-2">
                <dt className="text-muted">{m.admin_settings_outbox()}</dt>
                <dd className="text-ink">
                  {m.admin_settings_outbox_counts({
                    waiting: settings.outbox.waiting,
                    sent: settings.outbox.sent,
                    failed: settings.outbox.failed,
                  })}
                </dd>
              </div>
            ) : null}
          </dl>
        </section>

        <section aria-labelledby="settings-system" className="rounded-2xl border border-sand bg-white p-5 shadow-soft">
          <h3 id="settings-system" className="text-lg font-semibold text-sage-900">
            {m.admin_settings_system()}
          </h3>
          <dl className="mt-4 space-y-2 text-sm">
            <StatusRow label={m.admin_settings_database()} badge={m.admin_settings_connected()}>
              {settings ? databaseLabel(settings.database) : undefined}
            </StatusRow>
            <StatusRow label={m.admin_settings_authentication()} badge={m.admin_settings_active()} />
            <div className="flex flex-wrap justify-between gap-2">
              <dt className="text-muted">{m.admin_settings_storage()}</dt>
              <dd className="text-ink">
                {persisted === undefined
                  ? m.admin_settings_storage_checking()
                  : persisted
                    ? m.admin_settings_storage_kept()
                    : m.admin_settings_storage_not_guaranteed()}
              </dd>
            </div>
            {settings ? (
              <div className="flex flex-wrap justify-between gap-2">
                <dt className="text-muted">{m.admin_settings_app_version()}</dt>
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
            {m.admin_settings_data()}
          </h3>
          <p className="mt-2 text-sm text-muted">{m.admin_settings_data_note()}</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <button type="button" className="btn btn-primary" onClick={exportUsers}>
              {m.admin_export_user_data()}
            </button>
            <TabActionButton busy={busy} onClick={exportInsights}>
              {m.admin_export_insights_90_days()}
            </TabActionButton>
            <TabActionButton busy={busy} onClick={clearCache}>
              {m.admin_clear_cache()}
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

/**
 * The e-mail badge says what the server reports (docs/product.md §2): a production shop with no
 * MAIL_TRANSPORT keeps every e-mail in the outbox, which the admin must not read as "configured".
 */
function EmailDeliveryRow({ transport }: { transport: string | null }) {
  const configured = transport !== null;
  return (
    <StatusRow
      label={m.admin_settings_email_delivery()}
      badge={configured ? m.admin_settings_configured() : m.admin_settings_not_configured()}
      tone={configured ? "sage" : "terracotta"}
    >
      {transport ?? m.admin_settings_no_transport()}
    </StatusRow>
  );
}

function StatusRow({
  label,
  badge,
  tone,
  children,
}: {
  label: string;
  badge: string;
  tone?: "sage" | "terracotta";
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <dt className="text-muted">{label}</dt>
      <dd className="flex items-center gap-2 text-ink">
        {children ? <span>{children}</span> : null}
        <Badge tone={tone}>{badge}</Badge>
      </dd>
    </div>
  );
}
