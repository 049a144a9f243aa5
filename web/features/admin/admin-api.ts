import type { AdminSettings, AdminUser } from "../../../worker/contract/admin.ts";
import type { Category, Product, SurveyQuestion } from "../../../worker/contract/catalogue.ts";
import type { InsightPeriod, Insights } from "../../../worker/contract/insights.ts";
import { ApiResponseError, NetworkError, readJson } from "../../lib/api-client.ts";
import { memberApi } from "../../lib/session.ts";
import { m } from "../../paraglide/messages.js";

/*
 * The administrator's reads (docs/product.md §7) through the typed client with the session's bearer token
 * (refreshed first when it is about to run out). The writes go through the outbox (outbox/outbox.ts).
 */

/** 412: the row changed since the admin loaded it; `current` is how it is now. */
export class VersionConflictError<T> extends Error {
  override name = "VersionConflictError";
  readonly current: T;
  constructor(detail: string, current: T) {
    super(detail);
    this.current = current;
  }
}

// ---- The five loads (docs/product.md §4) ------------------------------------------------------------------

export const fetchUsers = (): Promise<AdminUser[]> => readJson(memberApi.admin.users.$get());
export const fetchSettings = (): Promise<AdminSettings> => readJson(memberApi.admin.settings.$get());
export const fetchProducts = (): Promise<Product[]> => readJson(memberApi.products.$get({ query: {} }));
export const fetchCategories = (): Promise<Category[]> => readJson(memberApi.categories.$get());
export const fetchProduct = (id: number): Promise<Product> =>
  readJson(memberApi.products[":id"].$get({ param: { id: String(id) } }));

/** docs/product.md §7: the questions in a `questions` field or a bare list; here, in their order. */
export async function fetchSurveyQuestions(): Promise<SurveyQuestion[]> {
  const body: { questions: SurveyQuestion[] } | SurveyQuestion[] = await readJson(memberApi.survey.questions.$get());
  const questions = Array.isArray(body) ? body : body.questions;
  return [...questions].sort((a, b) => a.order - b.order);
}

/** A write's failure for the screen: the server's detail when it gave one, else docs/product.md's sentence. */
export function writeErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiResponseError && error.message) return error.message;
  if (error instanceof NetworkError) return m.admin_network_error();
  return fallback;
}

/** Issue 31's figures for the last `days` days, for the shop or, with `productId`, one product's days. */
export const fetchInsights = (days: InsightPeriod, productId?: number): Promise<Insights> =>
  readJson(
    memberApi.admin.insights.$get({
      query: { days: String(days) as `${InsightPeriod}`, ...(productId ? { product_id: String(productId) } : {}) },
    }),
  );
