import { type ReactNode, useState } from "react";
import { ErrorPanel } from "../../components/error-panel.tsx";
import { formatCount } from "../../lib/format-count.ts";
import { m } from "../../paraglide/messages.js";
import { minutesAgo } from "./admin-format.ts";
import { type TabItem, Tabs } from "./admin-tabs.tsx";
import { CategoriesTab } from "./categories/categories-tab.tsx";
import { InsightsTab } from "./insights/insights-tab.tsx";
import { useKeptAdminCode } from "./keep-admin-code.ts";
import { usePersistentStorage } from "./outbox/outbox.ts";
import { OutboxStatus } from "./outbox/outbox-status.tsx";
import { OrderingTab } from "./products/ordering-tab.tsx";
import { ProductsTab } from "./products/products-tab.tsx";
import { SettingsTab } from "./settings/settings-tab.tsx";
import { type LoadName, loadLabel, useAdminData } from "./use-admin-data.ts";
import { UsersTab } from "./users/users-tab.tsx";

type TabKey = "users" | "products" | "categories" | "ordering" | "insights" | "settings";

// A function, so each render reads the messages in the page's language.
const tabs = (): readonly TabItem<TabKey>[] => [
  { key: "users", label: m.admin_tab_users() },
  { key: "products", label: m.admin_tab_products() },
  { key: "categories", label: m.admin_tab_categories() },
  { key: "ordering", label: m.admin_tab_ordering() },
  { key: "insights", label: m.admin_tab_insights() },
  { key: "settings", label: m.admin_tab_settings() },
];

/** docs/product.md §2's dashboard: four counters and five tabs over the five loads of docs/product.md §4. */
export function AdminDashboard({ sharedFiles }: { sharedFiles?: File[] } = {}) {
  const data = useAdminData();
  // Photos shared to the app open a new product in Product Management (ADR 0095).
  // They go with the first change of tab: Product Management opened again shows no form.
  const [tab, setTab] = useState<TabKey>(sharedFiles ? "products" : "users");
  const [shared, setShared] = useState(sharedFiles);
  const changeTab = (key: TabKey) => {
    setShared(undefined);
    setTab(key);
  };
  // Asked as the dashboard opens, so the outbox is kept before the first change is queued.
  usePersistentStorage();
  // Every file of the admin's code, the editor's included, kept for the installed app offline.
  useKeptAdminCode();

  if (data.loading) {
    return (
      <p role="status" className="container-page py-24 text-center text-muted">
        {m.admin_loading_panel()}
      </p>
    );
  }

  const allFailed = data.failed.length === 5;
  const reloadProducts = () => data.refresh("Products");
  const reloadCatalogue = async () => {
    await Promise.all([data.refresh("Categories"), data.refresh("Products")]);
  };

  return (
    <section className="container-page space-y-8 py-8 sm:py-12" aria-labelledby="admin-title">
      <header>
        <p className="eyebrow">{m.admin_panel()}</p>
        <h1 id="admin-title" className="mt-1 text-3xl font-semibold text-sage-900 sm:text-4xl">
          {m.admin_dashboard_title()}
        </h1>
        <OutboxStatus categories={data.categories ?? []} />
      </header>

      {data.failed.length > 0 ? (
        <ErrorPanel
          message={
            allFailed ? m.admin_all_failed() : m.admin_some_failed({ names: data.failed.map(loadLabel).join(", ") })
          }
          onRetry={() => void data.reload()}
        />
      ) : null}
      {data.stale.length > 0 ? <StaleNote stale={data.stale} onRetry={() => void data.reload()} /> : null}

      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Counter label={m.admin_counter_users()} value={data.users?.length} />
        <Counter label={m.admin_counter_products()} value={data.products?.length} />
        <Counter label={m.admin_counter_categories()} value={data.categories?.length} />
        <Counter label={m.admin_counter_questions()} value={data.questions?.length} />
      </dl>

      <Tabs<TabKey> label={m.admin_sections()} tabs={tabs()} active={tab} onChange={changeTab}>
        {tab === "users" ? (
          <Loaded name="Users" value={data.users}>
            {(users) => <UsersTab users={users} />}
          </Loaded>
        ) : null}
        {tab === "products" || tab === "ordering" ? (
          <Loaded name="Products" value={data.products}>
            {(products) => {
              // Both product tabs work on the products, with the categories to name and filter by.
              const props = { products, categories: data.categories ?? [], onChanged: reloadProducts };
              return tab === "products" ? <ProductsTab {...props} sharedFiles={shared} /> : <OrderingTab {...props} />;
            }}
          </Loaded>
        ) : null}
        {tab === "categories" ? (
          <Loaded name="Categories" value={data.categories}>
            {(categories) => <CategoriesTab categories={categories} onChanged={reloadCatalogue} />}
          </Loaded>
        ) : null}
        {tab === "insights" ? <InsightsTab /> : null}
        {tab === "settings" ? <SettingsTab settings={data.settings} users={data.users} onReload={data.reload} /> : null}
      </Tabs>
    </section>
  );
}

/** Offline (or a load failing) with a copy on the device: what is shown, and how old it is. */
function StaleNote({ stale, onRetry }: { stale: { name: LoadName; loadedAt: number }[]; onRetry(): void }) {
  const oldest = Math.min(...stale.map((load) => load.loadedAt));
  const minutes = Math.max(0, Math.round((Date.now() - oldest) / 60_000));
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 rounded-2xl bg-linen p-4 text-sm text-ink">
      <p>{m.admin_stale({ names: stale.map((load) => loadLabel(load.name)).join(", "), age: minutesAgo(minutes) })}</p>
      <button type="button" className="btn btn-outline" onClick={onRetry}>
        {m.admin_retry()}
      </button>
    </div>
  );
}

function Counter({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="flex flex-col-reverse rounded-2xl border border-sand bg-white p-4 shadow-soft sm:p-5">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-serif text-3xl font-semibold text-sage-900">
        {value === undefined ? "—" : formatCount(value)}
      </dd>
    </div>
  );
}

/** A tab's list, or a word that it could not be loaded (the Retry above brings it back). */
function Loaded<T>({ name, value, children }: { name: LoadName; value: T | undefined; children(value: T): ReactNode }) {
  if (value === undefined) {
    return (
      <p className="rounded-2xl bg-white/70 p-6 text-center text-muted">
        {m.admin_load_failed({ name: loadLabel(name) })}
      </p>
    );
  }
  return children(value);
}
