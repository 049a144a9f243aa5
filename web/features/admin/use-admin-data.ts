import { liveQuery } from "dexie";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { AdminSettings, AdminUser } from "../../../worker/contract/admin.ts";
import type { Category, Product, SurveyQuestion } from "../../../worker/contract/catalogue.ts";
import { applyOutbox, type StoredLoad } from "../../lib/admin-outbox.ts";
import { m } from "../../paraglide/messages.js";
import { fetchCategories, fetchProducts, fetchSettings, fetchSurveyQuestions, fetchUsers } from "./admin-api.ts";
import { getOutbox, useOutboxEntries } from "./outbox/outbox.ts";

/** docs/product.md §4's five loads. */
export type AdminData = {
  users: AdminUser[] | undefined;
  products: Product[] | undefined;
  categories: Category[] | undefined;
  questions: SurveyQuestion[] | undefined;
  settings: AdminSettings | undefined;
};

/** The loads' names: the keys of the device's copies (the outbox database's `loads`), never shown as they are. */
export type LoadName = "Users" | "Products" | "Categories" | "Survey Questions" | "Admin Settings";

/** A load as docs/product.md §8 reports it ("Some data failed to load: Users, Products"), in the page's language. */
export function loadLabel(name: LoadName): string {
  const labels: Record<LoadName, () => string> = {
    Users: m.admin_load_users,
    Products: m.admin_load_products,
    Categories: m.admin_load_categories,
    "Survey Questions": m.admin_load_questions,
    "Admin Settings": m.admin_load_settings,
  };
  return labels[name]();
}

const loads = [
  ["Users", fetchUsers],
  ["Products", fetchProducts],
  ["Categories", fetchCategories],
  ["Survey Questions", fetchSurveyQuestions],
  ["Admin Settings", fetchSettings],
] as const satisfies readonly (readonly [LoadName, () => Promise<unknown>])[];

export type AdminDataState = AdminData & {
  /** True until the first round of loads has settled. */
  loading: boolean;
  /** The loads that failed in the last round and have no copy on the device, in docs/product.md's order. */
  failed: LoadName[];
  /** The loads that failed in the last round and are shown as last loaded: when that was (ms). */
  stale: { name: LoadName; loadedAt: number }[];
  /** Runs all five loads again (Retry, Clear Cache). */
  reload(): Promise<void>;
  /** Runs one load again after a write changed what it returns. */
  refresh(name: "Products" | "Categories"): Promise<void>;
};

/**
 * The dashboard's data: five loads in parallel, each kept on the device as it arrives (the
 * outbox's database), so one failing, or all of them offline, still shows what was last loaded,
 * with its age (docs/product.md §4, §8, issue 28). The products and categories are shown with the outbox's
 * waiting changes laid over them.
 */
export function useAdminData(): AdminDataState {
  const stored = useStoredLoads();
  const entries = useOutboxEntries();
  const [loading, setLoading] = useState(true);
  const [failedNow, setFailedNow] = useState<LoadName[]>([]);
  // This page's own copy, for a browser that keeps nothing (no IndexedDB in some private windows).
  const [memory, setMemory] = useState(new Map<string, StoredLoad>());
  // A newer round wins over an older one still in flight (Retry pressed twice).
  const round = useRef(0);

  const run = useCallback(async (names: readonly LoadName[]) => {
    const { db } = getOutbox();
    const chosen = loads.filter(([name]) => names.includes(name));
    const results = await Promise.allSettled(chosen.map(([, load]) => load()));
    const loadedAt = Date.now();
    const fresh = chosen.flatMap(([name], i) => {
      const result = results[i];
      return result?.status === "fulfilled" ? [{ name, data: result.value, loadedAt }] : [];
    });
    setMemory((previous) => new Map([...previous, ...fresh.map((load) => [load.name, load] as const)]));
    await db.loads.bulkPut(fresh).catch(() => {});
    return chosen.filter((_, i) => results[i]?.status === "rejected").map(([name]) => name);
  }, []);

  const reload = useCallback(async () => {
    const mine = ++round.current;
    const failed = await run(loads.map(([name]) => name));
    if (mine !== round.current) return;
    setFailedNow(failed);
    setLoading(false);
  }, [run]);

  const refresh = useCallback(
    async (name: "Products" | "Categories") => {
      const failed = await run([name]);
      setFailedNow((previous) =>
        loads.map(([n]) => n).filter((n) => failed.includes(n) || (n !== name && previous.includes(n))),
      );
    },
    [run],
  );

  useEffect(() => {
    void reload();
  }, [reload]);

  return useMemo(() => {
    const load = (name: LoadName) => stored?.get(name) ?? memory.get(name);
    const data = (name: LoadName) => load(name)?.data;
    const shown = applyOutbox(
      (data("Products") as Product[] | undefined) ?? [],
      (data("Categories") as Category[] | undefined) ?? [],
      entries ?? [],
    );
    return {
      users: data("Users") as AdminUser[] | undefined,
      products: data("Products") === undefined ? undefined : shown.products,
      categories: data("Categories") === undefined ? undefined : shown.categories,
      questions: data("Survey Questions") as SurveyQuestion[] | undefined,
      settings: data("Admin Settings") as AdminSettings | undefined,
      loading: loading || stored === undefined,
      failed: failedNow.filter((name) => !load(name)),
      stale: failedNow.flatMap((name) => {
        const kept = load(name);
        return kept ? [{ name, loadedAt: kept.loadedAt }] : [];
      }),
      reload,
      refresh,
    };
  }, [stored, memory, entries, loading, failedNow, reload, refresh]);
}

/** The loads as the device keeps them, current across this device's tabs. */
function useStoredLoads(): Map<string, StoredLoad> | undefined {
  const [stored, setStored] = useState<Map<string, StoredLoad>>();
  useEffect(() => {
    const subscription = liveQuery(() => getOutbox().db.loads.toArray()).subscribe({
      next: (rows) => setStored(new Map(rows.map((row) => [row.name, row]))),
      // No IndexedDB here (some private windows): nothing is kept, and the loads say so.
      error: () => setStored(new Map()),
    });
    return () => subscription.unsubscribe();
  }, []);
  return stored;
}
