import { dequal } from "dequal";
import type { Product } from "../../../worker/contract/catalogue.ts";
import { featuredProductCount, productsPageSize } from "../../../worker/contract/initial-data.ts";
import { errorMessage } from "../../lib/api-client.ts";
import { type EmbeddedData, productIdFromPathname } from "../../lib/initial-data.ts";
import { m } from "../../paraglide/messages.js";
import type { Answer, CatalogueStatus, CatalogueWorkerApi, ProductAnswer } from "./device-catalogue.ts";
import type { ListAnswer, ListQuery } from "./product-search.ts";

/**
 * The shopper's catalogue on the page, one store for every screen and the header (docs/architecture.md §7,
 * ADR 0039). The catalogue worker holds the products (device-catalogue.ts); this store keeps its
 * answers in one cache keyed by the question, each with the version of the list it came from,
 * and asks again when the worker's list is newer. The data the server wrote into the page is one
 * more answer, of version 0. Nothing here touches the browser: the worker, the clock and the
 * pictures' keeper (web/lib/keep-pictures.ts) come in as arguments; use-catalogue.ts wires them.
 */
export type CatalogueState = CatalogueStatus & {
  /** The answers by question (`listKey`, `productKey`); answer undefined: the worker had no list. */
  readonly answers: ReadonlyMap<string, Answer<ListAnswer<Product> | ProductAnswer>>;
};
export type CatalogueStoreDeps = {
  worker: CatalogueWorkerApi;
  now: () => number;
  keepPictures: (urls: string[]) => void;
};

export const listKey = (question: ListQuery) =>
  `list:${question.categoryId ?? "all"}|${question.temperament ?? "all"}|${question.query.trim()}|${question.limit}`;
export const productKey = (id: number) => `product:${id}`;

/** Answers kept for screens to come back to (Back, a category chip pressed twice). */
const keptAnswers = 40;

/** The state the page starts from: the data the server wrote into it, as answers of version 0. */
export function catalogueStateFrom(embedded: EmbeddedData | undefined): CatalogueState {
  const data = embedded?.data;
  const answers = new Map<string, Answer<ListAnswer<Product> | ProductAnswer>>();
  const put = (key: string, answer: ListAnswer<Product> | ProductAnswer) => answers.set(key, { version: 0, answer });
  // The home page shows no count: the featured products' own number stands for the total.
  const { featured, productList: first, product } = data ?? {};
  if (featured) put(listKey({ ...all, limit: featuredProductCount }), { products: featured, total: featured.length });
  if (first) {
    const { products, total } = first;
    put(listKey({ ...all, categoryId: first.category_id ?? undefined, temperament: first.temperament }), {
      products,
      total,
    });
  }
  const id = embedded && productIdFromPathname(embedded.pathname);
  if (product) put(productKey(product.id), { status: "found", product });
  else if (product === null && id !== undefined) put(productKey(id), { status: "missing" });
  return { version: 0, categories: data?.categories, unreachable: false, answers };
}
const all: ListQuery = { categoryId: undefined, temperament: undefined, query: "", limit: productsPageSize };

export class CatalogueStore {
  readonly initialState: CatalogueState;
  readonly #deps: CatalogueStoreDeps;
  #state: CatalogueState;
  readonly #listeners = new Set<() => void>();
  /** Questions on their way to the worker, so a screen's re-render does not ask twice. */
  readonly #asking = new Map<string, Promise<void>>();
  #started = false;

  constructor(deps: CatalogueStoreDeps, embedded: EmbeddedData | undefined) {
    this.#deps = deps;
    this.initialState = catalogueStateFrom(embedded);
    this.#state = this.initialState;
  }

  getSnapshot = (): CatalogueState => this.#state;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** Listens to the worker and asks the server, once; the screens call it when idle, a search at once. */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#deps.worker.watch((status, pictures) => this.#receive(status, pictures)).catch(this.#fail);
    void this.revalidate();
  }

  revalidate(): Promise<void> {
    return this.#deps.worker.revalidate().catch(this.#fail);
  }

  /** Revalidates when the server last confirmed the list longer ago than `ms` (back to the foreground). */
  revalidateIfOlder(ms: number): void {
    if (this.#started && this.#deps.now() - (this.#state.checkedAt ?? 0) >= ms) void this.revalidate();
  }

  /** Forgets the failures (what was unavailable offline too) and asks again: Retry, the network back. */
  retry(): void {
    this.#update({ error: undefined });
    this.forget((answer) => answer !== undefined && "status" in answer && answer.status === "offline");
    if (this.#started) void this.revalidate();
    else this.start();
  }

  /** Drops the answers `unwanted` picks; a screen showing one asks again. */
  forget(unwanted: (answer: ListAnswer<Product> | ProductAnswer | undefined) => boolean): void {
    const answers = new Map([...this.#state.answers].filter(([, entry]) => !unwanted(entry.answer)));
    if (answers.size !== this.#state.answers.size) this.#update({ answers });
  }

  /** Asks the worker, unless the answer is current or on its way; resolves once it has arrived. */
  askList(question: ListQuery): Promise<void> {
    return this.#ask(listKey(question), () => this.#deps.worker.list(question));
  }

  askProduct(id: number): Promise<void> {
    const offline = () => ({ version: this.#state.version, answer: { status: "offline" as const } });
    return this.#ask(productKey(id), () => this.#deps.worker.product(id).catch(offline));
  }

  #ask(key: string, call: () => Promise<Answer<ListAnswer<Product> | ProductAnswer>>): Promise<void> {
    const cached = this.#state.answers.get(key);
    if (cached && cached.version >= this.#state.version) return Promise.resolve();
    const asking =
      this.#asking.get(key) ??
      call().then(
        (answer) => {
          this.#asking.delete(key);
          const answers = new Map([...this.#state.answers].filter(([other]) => other !== key)).set(key, answer);
          // Forgotten, the oldest first: asked again if a screen comes back to it.
          for (const old of answers.keys()) if (answers.size > keptAnswers) answers.delete(old);
          this.#update({ answers, version: Math.max(this.#state.version, answer.version) });
          // Taken from a list that has changed since: asked again of the new one.
          if (answer.version < this.#state.version) return this.#ask(key, call);
        },
        (error: unknown) => {
          this.#asking.delete(key);
          this.#fail(error);
        },
      );
    this.#asking.set(key, asking);
    return asking;
  }

  #receive(status: CatalogueStatus, pictures: string[]): void {
    // Every product's first picture, so the products never opened have theirs offline too.
    if (pictures.length > 0) this.#deps.keepPictures(pictures);
    const { version, categories, checkedAt } = this.#state;
    this.#update({
      version: Math.max(version, status.version),
      // The same categories as the page's (every notice carries them): the header, which
      // shows them, keeps its array and does not redraw the page.
      categories: status.categories && !dequal(status.categories, categories) ? status.categories : categories,
      checkedAt: status.checkedAt ?? checkedAt,
      unreachable: status.unreachable,
      error: status.error,
    });
  }

  /** The worker did not answer (its script was refused): the page keeps what it was given. */
  #fail = (error: unknown): void => {
    this.#update({ unreachable: true, error: errorMessage(error, m.products_load_failed()) });
  };

  #update(change: Partial<CatalogueState>): void {
    const keys = Object.keys(change) as (keyof CatalogueState)[];
    // Each notice from the worker updates the store; one that changes nothing re-renders nothing.
    if (keys.every((key) => Object.is(change[key], this.#state[key]))) return;
    this.#state = { ...this.#state, ...change };
    for (const listener of this.#listeners) listener();
  }
}
