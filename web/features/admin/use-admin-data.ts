import { useCallback, useEffect, useRef, useState } from "react";
import type { AdminSettings, AdminUser } from "../../../worker/contract/admin.ts";
import type { Category, Product, SurveyQuestion } from "../../../worker/contract/catalogue.ts";
import { fetchCategories, fetchProducts, fetchSettings, fetchSurveyQuestions, fetchUsers } from "./admin-api.ts";

/** SPEC §4's five loads, by the names SPEC §8 reports them with. */
export type AdminData = {
  users: AdminUser[] | undefined;
  products: Product[] | undefined;
  categories: Category[] | undefined;
  questions: SurveyQuestion[] | undefined;
  settings: AdminSettings | undefined;
};

export type LoadName = "Users" | "Products" | "Categories" | "Survey Questions" | "Admin Settings";

const loadOrder: readonly LoadName[] = ["Users", "Products", "Categories", "Survey Questions", "Admin Settings"];
const inOrder = (names: Iterable<LoadName>) => loadOrder.filter((name) => new Set(names).has(name));

export type AdminDataState = AdminData & {
  /** True until the first round of loads has settled. */
  loading: boolean;
  /** The loads that failed in the last round, in SPEC's order. */
  failed: LoadName[];
  /** Runs all five loads again (Retry, Clear Cache). */
  reload(): Promise<void>;
  /** Runs one load again after a write changed what it returns. */
  refresh(name: "Products" | "Categories"): Promise<void>;
};

const empty: AdminData = {
  users: undefined,
  products: undefined,
  categories: undefined,
  questions: undefined,
  settings: undefined,
};

/**
 * The dashboard's data: five loads in parallel, each kept or reported on its own, so one
 * failing does not hide what the others brought (SPEC §4, §8).
 */
export function useAdminData(): AdminDataState {
  const [data, setData] = useState<AdminData>(empty);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState<LoadName[]>([]);
  // A newer round wins over an older one still in flight (Retry pressed twice).
  const round = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++round.current;
    const loads = [
      ["Users", fetchUsers],
      ["Products", fetchProducts],
      ["Categories", fetchCategories],
      ["Survey Questions", fetchSurveyQuestions],
      ["Admin Settings", fetchSettings],
    ] as const;
    const results = await Promise.allSettled(loads.map(([, load]) => load()));
    if (mine !== round.current) return;
    const [users, products, categories, questions, settings] = results.map((result) =>
      result.status === "fulfilled" ? result.value : undefined,
    ) as [AdminUser[]?, Product[]?, Category[]?, SurveyQuestion[]?, AdminSettings?];
    setData((previous) => ({
      // What failed now keeps what an earlier round brought: still worth showing.
      users: users ?? previous.users,
      products: products ?? previous.products,
      categories: categories ?? previous.categories,
      questions: questions ?? previous.questions,
      settings: settings ?? previous.settings,
    }));
    setFailed(loads.filter((_, i) => results[i]?.status === "rejected").map(([name]) => name));
    setLoading(false);
  }, []);

  const refresh = useCallback(async (name: "Products" | "Categories") => {
    try {
      if (name === "Products") {
        const products = await fetchProducts();
        setData((previous) => ({ ...previous, products }));
      } else {
        const categories = await fetchCategories();
        setData((previous) => ({ ...previous, categories }));
      }
      setFailed((previous) => previous.filter((n) => n !== name));
    } catch {
      setFailed((previous) => inOrder([...previous, name]));
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { ...data, loading, failed, reload, refresh };
}
