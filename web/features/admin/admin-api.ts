import type {
  AdminSettings,
  AdminUser,
  CategoryInput,
  ProductInput,
  ReorderRequest,
} from "../../../worker/contract/admin.ts";
import type { Category, Product, SurveyQuestion } from "../../../worker/contract/catalogue.ts";
import { ApiResponseError, errorFromResponse, NetworkError, readJson } from "../../lib/api-client.ts";
import { memberApi } from "../../lib/session.ts";

/*
 * The administrator's calls (SPEC §7) through the typed client with the session's bearer token
 * (refreshed first when it is about to run out). Every write carries a fresh Idempotency-Key, so
 * a write repeated after a lost answer changes nothing twice, and updates and deletes carry the
 * version the admin saw (If-Match), so another tab's change is not silently overwritten.
 */

type Answer = { ok: boolean; status: number; statusText: string; json(): Promise<unknown>; text(): Promise<string> };

/** 412: the row changed since the admin loaded it; `current` is how it is now. */
export class VersionConflictError<T> extends Error {
  override name = "VersionConflictError";
  readonly current: T;
  constructor(detail: string, current: T) {
    super(detail);
    this.current = current;
  }
}

const writeHeaders = (version?: number): Record<string, string> => ({
  "Idempotency-Key": crypto.randomUUID(),
  ...(version === undefined ? {} : { "If-Match": `"${version}"` }),
});

/** Like readJson, but a 412 becomes a VersionConflictError carrying the server's current row. */
async function readWrite<T>(request: Promise<Answer>): Promise<T> {
  let response: Answer;
  try {
    response = await request;
  } catch (error) {
    throw new NetworkError("No answer from the server.", { cause: error });
  }
  if (response.status === 412) {
    const body = (await response.json().catch(() => ({}))) as { detail?: string; current?: T };
    if (body.current !== undefined) throw new VersionConflictError(body.detail ?? "", body.current);
  }
  if (!response.ok) throw await errorFromResponse(response);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

// ---- The five loads (SPEC §4) ------------------------------------------------------------------

export const fetchUsers = (): Promise<AdminUser[]> => readJson(memberApi.admin.users.$get());
export const fetchSettings = (): Promise<AdminSettings> => readJson(memberApi.admin.settings.$get());
export const fetchProducts = (): Promise<Product[]> => readJson(memberApi.products.$get({ query: {} }));
export const fetchCategories = (): Promise<Category[]> => readJson(memberApi.categories.$get());
export const fetchProduct = (id: number): Promise<Product> =>
  readJson(memberApi.products[":id"].$get({ param: { id: String(id) } }));

/** SPEC §7: the questions in a `questions` field or a bare list; here, in their order. */
export async function fetchSurveyQuestions(): Promise<SurveyQuestion[]> {
  const body: { questions: SurveyQuestion[] } | SurveyQuestion[] = await readJson(memberApi.survey.questions.$get());
  const questions = Array.isArray(body) ? body : body.questions;
  return [...questions].sort((a, b) => a.order - b.order);
}

// ---- Writes -------------------------------------------------------------------------------------

export const reorderProducts = (json: ReorderRequest): Promise<unknown> =>
  readWrite(memberApi.admin.products.reorder.$post({ json }, { headers: writeHeaders() }));

type Headers = { headers: Record<string, string> };

/** What products and categories both answer to: POST a new one, PUT and DELETE one by id. */
type Writable<Input> = {
  $post(args: { json: Input }, options: Headers): Promise<Answer>;
  ":id": {
    $put(args: { param: { id: string }; json: Input }, options: Headers): Promise<Answer>;
    $delete(args: { param: { id: string } }, options: Headers): Promise<Answer>;
  };
};

/** Create, update and delete for one kind of row, the last two with the version the admin saw. */
function writesFor<Input, Row>(rows: Writable<Input>) {
  return {
    create: (json: Input): Promise<Row> => readWrite(rows.$post({ json }, { headers: writeHeaders() })),
    update: (id: number, version: number, json: Input): Promise<Row> =>
      readWrite(rows[":id"].$put({ param: { id: String(id) }, json }, { headers: writeHeaders(version) })),
    remove: (id: number, version: number): Promise<void> =>
      readWrite(rows[":id"].$delete({ param: { id: String(id) } }, { headers: writeHeaders(version) })),
  };
}

export const {
  create: createProduct,
  update: updateProduct,
  remove: deleteProduct,
} = writesFor<ProductInput, Product>(memberApi.admin.products);

export const {
  create: createCategory,
  update: updateCategory,
  remove: deleteCategory,
} = writesFor<CategoryInput, Category>(memberApi.admin.categories);

/** A write's failure for the screen: the server's detail when it gave one, else SPEC's sentence. */
export function writeErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiResponseError && error.message) return error.message;
  if (error instanceof NetworkError) return "We could not reach the server. Check your connection and try again.";
  return fallback;
}
