import type { Product } from "../../../worker/contract/catalogue.ts";
import { featuredProductCount, productsPageSize } from "../../../worker/contract/initial-data.ts";
import { errorMessage } from "../../lib/api-client.ts";
import { type EmbeddedData, productIdFromPathname } from "../../lib/initial-data.ts";
import type { Answer, CatalogueStatus, CatalogueWorkerApi, ProductAnswer } from "./device-catalogue.ts";
import type { ListAnswer, ListQuery } from "./product-search.ts";

/**
 * The shopper's catalogue on the page, one store for every screen and the header (DESIGN.md §7,
 * ADR 0039). The catalogue worker holds the products (device-catalogue.ts); this store keeps its
 * answers in one cache keyed by the question, with the version of the list each was taken from.
 * The data the server wrote into the page is one more answer in it, of version 0: current until
 * the worker has a list.
 *
 * The one rule for a screen: it shows its question's answer; an answer of an older version stays
 * on screen, marked busy, while the store asks again. Nothing here touches the browser: the
 * worker, the clock and the pictures' keeper come in as arguments (use-catalog.ts wires them).
 */
export type CatalogueState = CatalogueStatus & {
  /** The answers by question (`listKey`, `productKey`); answer undefined: the worker had no list. */
  readonly answers: ReadonlyMap<string, Answer<ListAnswer<Product> | ProductAnswer>>;
};

export type CatalogueStoreDeps = {
  worker: CatalogueWorkerApi;
  now: () => number;
  /** Hands pictures to the service worker to keep for offline use (web/lib/keep-pictures.ts). */
  keepPictures: (urls: string[]) => void;
};

export const listKey = (question: ListQuery) =>
  `list:${question.categoryId ?? "all"}|${question.query.trim()}|${question.limit}`;
export const productKey = (id: number) => `product:${id}`;

/** Answers kept for screens to come back to (Back, a category chip pressed twice). */
const keptAnswers = 40;

/** The state the page starts from: the data the server wrote into it, as answers of version 0. */
export function catalogueStateFrom(embedded: EmbeddedData | undefined): CatalogueState {
  const data = embedded?.data;
  const answers = new Map<string, Answer<ListAnswer<Product> | ProductAnswer>>();
  const all = { categoryId: undefined, query: "" };
  // The home page shows no count: the featured products' own number stands for the total.
  const featured = data?.featured;
  if (featured)
    answers.set(listKey({ ...all, limit: featuredProductCount }), {
      version: 0,
      answer: { products: featured, total: featured.length },
    });
  const first = data?.productList;
  if (first) {
    const question = { categoryId: first.category_id ?? undefined, query: "", limit: productsPageSize };
    answers.set(listKey(question), { version: 0, answer: { products: first.products, total: first.total } });
  }
  const id = embedded && productIdFromPathname(embedded.pathname);
  if (data?.product)
    answers.set(productKey(data.product.id), { version: 0, answer: { status: "found", product: data.product } });
  else if (data?.product === null && id !== undefined)
    answers.set(productKey(id), { version: 0, answer: { status: "missing" } });
  return {
    version: 0,
    categories: data?.categories,
    checkedAt: undefined,
    unreachable: false,
    error: undefined,
    answers,
  };
}

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

  /**
   * Listens to the worker and asks the server once (the device's copy first, then the server's
   * answer); the screens call it when the browser is idle, a search at once.
   */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#deps.worker.watch((status, pictures) => this.#receive(status, pictures)).catch((error) => this.#fail(error));
    void this.revalidate();
  }

  /** Asks the server whether the catalogue changed; resolves when the worker has no round left. */
  revalidate(): Promise<void> {
    return this.#deps.worker.revalidate().catch((error) => this.#fail(error));
  }

  /** Revalidates when the server last confirmed the list longer ago than `ms` (back to the foreground). */
  revalidateIfOlder(ms: number): void {
    if (this.#started && this.#deps.now() - (this.#state.checkedAt ?? 0) >= ms) void this.revalidate();
  }

  /** Forgets the last failure and asks again (the Retry button). */
  retry(): void {
    this.#update({ error: undefined });
    if (this.#started) void this.revalidate();
    else this.start();
  }

  /** The network is back: what was unavailable offline is asked again, and the server too. */
  backOnline(): void {
    this.forget((answer) => answer !== undefined && "status" in answer && answer.status === "offline");
    if (this.#started) void this.revalidate();
  }

  /** Drops the answers `unwanted` picks; a screen showing one asks again. */
  forget(unwanted: (answer: ListAnswer<Product> | ProductAnswer | undefined) => boolean): void {
    const answers = new Map([...this.#state.answers].filter(([, entry]) => !unwanted(entry.answer)));
    if (answers.size !== this.#state.answers.size) this.#update({ answers });
  }

  /**
   * Asks the worker for a page of the product list, unless its answer is current or on its way;
   * resolves when it has arrived.
   */
  askList(question: ListQuery): Promise<void> {
    return this.#ask(listKey(question), () => this.#deps.worker.list(question));
  }

  askProduct(id: number): Promise<void> {
    return this.#ask(productKey(id), () =>
      this.#deps.worker
        .product(id)
        .catch(() => ({ version: this.#state.version, answer: { status: "offline" as const } })),
    );
  }

  #ask(key: string, call: () => Promise<Answer<ListAnswer<Product> | ProductAnswer>>): Promise<void> {
    const cached = this.#state.answers.get(key);
    if (cached && cached.version >= this.#state.version) return Promise.resolve();
    let asking = this.#asking.get(key);
    if (!asking) {
      asking = call().then(
        (answer) => {
          this.#asking.delete(key);
          const answers = new Map(this.#state.answers);
          answers.delete(key);
          answers.set(key, answer);
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
    }
    return asking;
  }

  #receive(status: CatalogueStatus, pictures: string[]): void {
    // Every product's first picture, so the products never opened have theirs offline too.
    if (pictures.length > 0) this.#deps.keepPictures(pictures);
    this.#update({
      ...status,
      version: Math.max(this.#state.version, status.version),
      categories: status.categories ?? this.#state.categories,
      checkedAt: status.checkedAt ?? this.#state.checkedAt,
    });
  }

  /** The worker did not answer (its script was refused): the page keeps what it was given. */
  #fail(error: unknown): void {
    this.#update({ unreachable: true, error: errorMessage(error, "Failed to load products.") });
  }

  #update(change: Partial<CatalogueState>): void {
    const keys = Object.keys(change) as (keyof CatalogueState)[];
    // Each notice from the worker updates the store; one that changes nothing re-renders nothing.
    if (keys.every((key) => Object.is(change[key], this.#state[key]))) return;
    this.#state = { ...this.#state, ...change };
    for (const listener of this.#listeners) listener();
  }
}
