import { type Session, type SessionUser, sessionSchema, type UpdateUserRequest } from "../../worker/contract/auth.ts";
import { type Profile, profileSchema } from "../../worker/contract/profile.ts";
import { m } from "../paraglide/messages.js";
import { ApiResponseError, NetworkError, readJson } from "./api-client.ts";
import { tokenStorageKey } from "./session-hint.ts";

/*
 * The client half of the product's own authentication provider (docs/architecture.md §4, docs/product.md §4 and §9).
 * It behaves like the hosted provider the owner's specification was written against (docs/product.md §4): it keeps the session in the
 * browser's storage, refreshes it before it runs out, tells the app what happened through the
 * provider's event names, and keeps every tab of the browser in step.
 *
 * Nothing here touches the DOM or the real clock directly: the browser wiring (session.ts)
 * hands in storage, fetch, the channel to the other tabs, the lock and the page's visibility,
 * so the unit tests run it over a fake clock with two "tabs" in one process.
 */

/** docs/product.md §9: how often the session is looked at. */
export const autoRefreshTickMs = 30_000;
/** docs/product.md §9: refresh once the session has this many ticks or fewer left. */
export const autoRefreshTickThreshold = 3;
/** docs/product.md §9: a token this close to its end is treated as ended: refreshed before it is sent. */
export const expiryMarginMs = 90_000;
/** docs/product.md §9: the first retry of a refresh that got no answer; each next one waits twice as long. */
export const firstRetryDelayMs = 200;
/**
 * How long the profile read by the session check on load may stand in for the profile screen's
 * own request: long enough for the screen of that load to appear, short enough that a member who
 * opens the profile later sees what is on the server then.
 */
export const checkedProfileMaxAgeMs = 10_000;

/** The rest of the session (refresh token, expiry, user), beside the token. */
export const sessionStorageKey = "session";
/**
 * The signed-in member's last known temperament result, kept for the suggestions on home offline
 * (web/lib/member-temperament.ts, ADR 0053); the member's own, so it goes at sign-out too.
 */
export const temperamentStorageKey = "temperamentResult";
/** docs/product.md §3: "1" while the administrator is signed in. */
export const adminFlagStorageKey = "isAdminAuth";
/** docs/product.md §3: where the administrator goes after signing in. */
export const postLoginRedirectStorageKey = "postLoginRedirect";

/** docs/product.md §4's event names. */
export type AuthEvent = "SIGNED_IN" | "SIGNED_OUT" | "TOKEN_REFRESHED" | "PASSWORD_RECOVERY" | "USER_UPDATED";

/**
 * `loading`: a stored session is being confirmed (docs/product.md §4: the profile is fetched on load);
 * the screens that depend on it wait ("Loading…").
 */
export type SessionState =
  | { status: "loading"; session: Session }
  | { status: "signed-in"; session: Session }
  | { status: "signed-out"; session: null };

export type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/**
 * What one tab tells the others: the event and the session it left (null after SIGNED_OUT).
 * Empty when the channel cannot carry it (the storage event), and the storage says the rest.
 */
export type TabMessage = { event?: AuthEvent; session?: Session | null };

export type TabChannel = {
  post(message: TabMessage): void;
  listen(onMessage: (message: TabMessage) => void): () => void;
};

export type SessionDeps = {
  storage: StorageLike;
  fetch: typeof fetch;
  tabs: TabChannel;
  /** Runs `task` while no other tab of this browser runs one (Web Locks in the browser). */
  lock<T>(task: () => Promise<T>): Promise<T>;
  visibility: { visible(): boolean; onChange(listener: () => void): () => void };
  now?: () => number;
};

type Listener = (event: AuthEvent, session: Session | null) => void;

const jsonHeaders = { "Content-Type": "application/json" };
const signedOut: SessionState = { status: "signed-out", session: null };

/** Why a refresh ended without a new session. */
type RefreshOutcome = Session | "signed-out" | "unreachable";

export class SessionManager {
  readonly #deps: SessionDeps;
  readonly #now: () => number;
  #state: SessionState = signedOut;
  readonly #stateListeners = new Set<() => void>();
  readonly #eventListeners = new Set<Listener>();
  #ticker: ReturnType<typeof setInterval> | undefined;
  #refreshing: Promise<RefreshOutcome> | null = null;
  #recovery: Session | null = null;
  readonly #recoveryExchanges = new Map<string, Promise<Session>>();
  readonly #stops: (() => void)[] = [];
  #started = false;
  #checkedProfile: { profile: Profile; at: number } | null = null;

  constructor(deps: SessionDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
  }

  // ---- Reading the state ---------------------------------------------------------------------

  getState(): SessionState {
    return this.#state;
  }

  /** For `useSyncExternalStore`: called after every change of `getState()`. */
  subscribe(listener: () => void): () => void {
    this.#stateListeners.add(listener);
    return () => this.#stateListeners.delete(listener);
  }

  /** docs/product.md §4's events, as the provider reports them. Returns the unsubscribe function. */
  onAuthStateChange(listener: Listener): () => void {
    this.#eventListeners.add(listener);
    return () => this.#eventListeners.delete(listener);
  }

  // ---- Life cycle ----------------------------------------------------------------------------

  /**
   * Takes up the stored session (if any), confirms it with the server, and starts the
   * automatic refresh and the link to the other tabs. Idempotent.
   */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    const stored = this.#read();
    if (stored) {
      this.#setState({ status: "loading", session: stored });
      void this.#confirmStoredSession();
    }
    this.#stops.push(this.#deps.tabs.listen((message) => this.#onTabMessage(message)));
    this.#stops.push(this.#deps.visibility.onChange(() => this.#onVisibilityChange()));
    this.#onVisibilityChange();
  }

  stop(): void {
    this.#stopTicker();
    for (const stop of this.#stops.splice(0)) stop();
    this.#started = false;
  }

  // ---- Signing in and out --------------------------------------------------------------------

  /**
   * Password sign-in (`POST /api/auth/token?grant_type=password`). Throws the API's error (its
   * detail is the provider message docs/product.md §8 maps), or a NetworkError.
   */
  signIn(email: string, password: string): Promise<Session> {
    return this.#signInAt("/api/auth/token?grant_type=password", email, password);
  }

  /**
   * docs/product.md §7's separate admin login (`POST /api/admin/login`): a session only for the
   * administrator; anyone else gets the API's 401 with its detail. Same session afterwards.
   */
  signInAsAdmin(email: string, password: string): Promise<Session> {
    return this.#signInAt("/api/admin/login", email, password);
  }

  async #signInAt(path: string, email: string, password: string): Promise<Session> {
    const session = sessionSchema.safeParse(await readJson(this.#post(path, { email, password })));
    // docs/product.md §8: an answer without a user or token is a failed sign-in, not a session.
    if (!session.success) throw new IncompleteSessionError();
    const signedIn = this.#onLocalClock(session.data);
    this.#store(signedIn);
    this.#setState({ status: "signed-in", session: signedIn });
    this.#announce("SIGNED_IN", signedIn);
    return signedIn;
  }

  /**
   * Signs out here and in every other tab at once, then tells the server (which revokes the
   * session); a failure to reach it changes nothing here.
   */
  async signOut(): Promise<void> {
    const session = this.#state.session;
    this.#clearStorage();
    this.#applySignedOut(true);
    if (!session) return;
    try {
      await this.#deps.fetch("/api/auth/logout", {
        method: "POST",
        headers: { Authorization: `Bearer ${session.access_token}` },
      });
    } catch {
      // Offline: the refresh token stays valid on the server until it expires or is reused.
    }
  }

  // ---- Calls on the member's behalf ------------------------------------------------------------

  /**
   * The access token to send now: refreshed first when it is within the expiry margin (a tab
   * that slept past its refresh catches up here before its first call). Null when signed out.
   */
  async getAccessToken(): Promise<string | null> {
    const session = this.#state.session;
    if (!session) return null;
    if (this.#remainingMs(session) >= expiryMarginMs) return session.access_token;
    const outcome = await this.#refresh();
    if (outcome === "signed-out") return null;
    // Unreachable: the old token is the best there is; the server will say if it is too old.
    return outcome === "unreachable" ? (this.#state.session?.access_token ?? null) : outcome.access_token;
  }

  /**
   * A request sent with the member's bearer token, refreshed first when needed. A 401 means the
   * session was ended elsewhere (signed out on another device, password changed) or the
   * server's clock disagrees: one refresh tells which, and the request is sent once more; a
   * second 401 signs out. `drop` lets go of an answer the retry replaces.
   */
  async authorized<T extends { status: unknown }>(
    send: (bearer: string | null) => Promise<T>,
    drop: (answer: T) => Promise<void> | void = () => {},
  ): Promise<T> {
    const token = await this.getAccessToken();
    const answer = await send(token);
    if (answer.status !== 401 || !token) return answer;
    const outcome = await this.#refresh({ force: true });
    if (typeof outcome === "string") return answer;
    await drop(answer);
    const retried = await send(outcome.access_token);
    if (retried.status === 401) this.#signOutLocally();
    return retried;
  }

  /** `fetch` through `authorized`. */
  readonly fetch = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> =>
    this.authorized(
      (bearer) => {
        const headers = new Headers(init.headers);
        if (bearer) headers.set("Authorization", `Bearer ${bearer}`);
        return this.#deps.fetch(input, { ...init, headers });
      },
      // The retry's answer replaces this one: let it go rather than leave its request open.
      (response) => response.body?.cancel(),
    );

  // ---- Password reset ------------------------------------------------------------------------

  /** `POST /api/auth/recover`: answered alike for every address. */
  async requestPasswordReset(email: string): Promise<void> {
    await readJson(this.#post("/api/auth/recover", { email }));
  }

  /**
   * Exchanges the token of a reset link for a recovery session (kept in memory only: it can do
   * nothing but set the password) and reports PASSWORD_RECOVERY. The same token is exchanged
   * once, however often a screen asks (React runs effects twice in development).
   */
  exchangeRecoveryToken(token: string): Promise<Session> {
    let exchange = this.#recoveryExchanges.get(token);
    if (!exchange) {
      exchange = (async () => {
        const session = sessionSchema.parse(
          await readJson(this.#post("/api/auth/verify", { type: "recovery", token })),
        );
        this.#recovery = session;
        this.#emit("PASSWORD_RECOVERY", session);
        return session;
      })();
      this.#recoveryExchanges.set(token, exchange);
      // A failed exchange may be tried again (it got no answer, say); a used token fails anyway.
      exchange.catch(() => this.#recoveryExchanges.delete(token));
    }
    return exchange;
  }

  /**
   * `PUT /api/auth/user`: the new password, with the recovery session when there is one, else
   * the member's own, which must name the current password too (ADR 0033). Reports
   * USER_UPDATED. After a recovery the server has ended every session of the account, so every
   * tab here signs out too; after a change the server has ended the account's other sessions
   * and this one goes on.
   */
  async updatePassword(password: string, { currentPassword }: { currentPassword?: string } = {}): Promise<void> {
    const recovery = this.#recovery;
    const token = recovery?.access_token ?? (await this.getAccessToken());
    if (!token) throw new ApiResponseError(401, "unauthorized", m.session_sign_in_to_continue());
    const body: UpdateUserRequest =
      recovery || currentPassword === undefined ? { password } : { current_password: currentPassword, password };
    const { user } = await readJson<{ user: SessionUser }>(
      this.#deps.fetch("/api/auth/user", {
        method: "PUT",
        headers: { ...jsonHeaders, Authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      }),
    );
    if (recovery) {
      this.#recovery = null;
      this.#emit("USER_UPDATED", { ...recovery, user });
      this.#signOutLocally();
      return;
    }
    const current = this.#state.session;
    if (!current) return;
    const updated = { ...current, user };
    this.#store(updated);
    this.#setState({ status: "signed-in", session: updated });
    this.#announce("USER_UPDATED", updated);
  }

  // ---- Refreshing ----------------------------------------------------------------------------

  /**
   * One refresh at a time in this tab, and across tabs under the lock. Inside it, when another
   * tab has already spent the refresh token this tab holds, its new session is taken up instead
   * of spending the old token a second time. That session reaches this tab by message or through
   * the storage, whichever comes first: in Chromium neither waits for the other (each renderer
   * keeps its own copy of localStorage, updated after the fact). Should both come late, the
   * server's 10 s grace answers the second spend with the same new session.
   */
  #refresh({ force = false } = {}): Promise<RefreshOutcome> {
    if (this.#refreshing) return this.#refreshing;
    const held = this.#state.session?.refresh_token;
    const run = this.#deps.lock(async (): Promise<RefreshOutcome> => {
      const known = this.#state.session;
      const stored = this.#read();
      const newer = [known, stored].find((session) => session && session.refresh_token !== held);
      if (newer) {
        this.#adopt(newer, "TOKEN_REFRESHED");
        if (force || this.#remainingMs(newer) >= expiryMarginMs) return newer;
      }
      const current = newer ?? known ?? stored;
      if (!current) return "signed-out"; // signed out meanwhile, here or elsewhere
      return this.#spend(current.refresh_token);
    });
    this.#refreshing = run.finally(() => {
      this.#refreshing = null;
    });
    return this.#refreshing;
  }

  /**
   * Spends the refresh token. No answer (or a server error) is tried again after 200 ms, 400,
   * 800… for as long as the waits fit in one tick; the next tick starts over. A refused token
   * signs out.
   */
  async #spend(refreshToken: string): Promise<RefreshOutcome> {
    const started = this.#now();
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await readJson(
          this.#post("/api/auth/token?grant_type=refresh_token", { refresh_token: refreshToken }),
        );
        const session = this.#onLocalClock(sessionSchema.parse(answer));
        this.#store(session);
        this.#setState({ status: this.#state.status === "loading" ? "loading" : "signed-in", session });
        this.#announce("TOKEN_REFRESHED", session);
        return session;
      } catch (error) {
        if (!isRetryable(error)) {
          if (error instanceof ApiResponseError && error.status === 429) return "unreachable";
          this.#signOutLocally();
          return "signed-out";
        }
        const wait = firstRetryDelayMs * 2 ** attempt;
        if (this.#now() + wait - started >= autoRefreshTickMs) return "unreachable";
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  /**
   * The session's end on this device's clock: now plus its lifetime. The server's `expires_at`
   * is on the server's clock, and a device whose clock runs ahead (or was set by hand) would see
   * every new session as already ended and refresh it on every tick.
   */
  #onLocalClock(session: Session): Session {
    return { ...session, expires_at: Math.floor(this.#now() / 1000) + session.expires_in };
  }

  #remainingMs(session: Session): number {
    return session.expires_at * 1000 - this.#now();
  }

  /** docs/product.md §9: refresh when the session has 3 ticks or fewer left (counted in whole ticks). */
  async #tick(): Promise<void> {
    const session = this.#state.session;
    if (!session) return;
    const ticksLeft = Math.floor(this.#remainingMs(session) / autoRefreshTickMs);
    if (ticksLeft <= autoRefreshTickThreshold) await this.#refresh();
  }

  /**
   * A hidden tab stops ticking (the browser throttles its timers anyway); one that comes back
   * looks at its session at once, so a tab woken from sleep refreshes before it is used.
   */
  #onVisibilityChange(): void {
    if (!this.#deps.visibility.visible()) {
      this.#stopTicker();
      return;
    }
    if (this.#ticker !== undefined) return;
    this.#ticker = setInterval(() => void this.#tick(), autoRefreshTickMs);
    void this.#tick();
  }

  #stopTicker(): void {
    clearInterval(this.#ticker);
    this.#ticker = undefined;
  }

  // ---- The stored session on load -------------------------------------------------------------

  /**
   * docs/product.md §4: on load with a token the profile is fetched; if that fails the user is signed out.
   * The administrator's session skips it. "Fails" is the server refusing the token: with no
   * answer at all (offline, the PWA's other half) the member stays signed in, and a server
   * error says nothing about the token either. The profile it reads is kept for the profile
   * screen (`takeCheckedProfile`), so a load at /profile asks the server once, not twice.
   */
  async #confirmStoredSession(): Promise<void> {
    const stored = this.#state.session;
    if (!stored) return;
    if (stored.user.role !== "admin") {
      try {
        const response = await this.fetch("/api/user/profile");
        // Read to its end whatever it says: a body left unread keeps the request open in the
        // browser (the page never goes quiet).
        const body: unknown = await response.json().catch(() => undefined);
        if (!this.#state.session) return; // signed out meanwhile (a refused refresh, say)
        if (response.status >= 400 && response.status < 500) {
          this.#signOutLocally();
          return;
        }
        const profile = profileSchema.safeParse(body);
        if (response.ok && profile.success) this.#checkedProfile = { profile: profile.data, at: this.#now() };
      } catch {
        // No answer: nothing is known about the token, so the member stays signed in.
      }
    }
    const session = this.#state.session;
    if (session && this.#state.status === "loading") this.#setState({ status: "signed-in", session });
  }

  /**
   * The profile the session check read on load, once, for the screen that would ask for it
   * next; null when there is none, when it is older than `checkedProfileMaxAgeMs`, or when it
   * is not the signed-in member's.
   */
  takeCheckedProfile(): Profile | null {
    const checked = this.#checkedProfile;
    this.#checkedProfile = null;
    if (!checked || this.#now() - checked.at > checkedProfileMaxAgeMs) return null;
    return checked.profile.id === this.#state.session?.user.id ? checked.profile : null;
  }

  // ---- The other tabs --------------------------------------------------------------------------

  /**
   * Another tab changed the session. A BroadcastChannel message says what happened and carries
   * the session: this tab's copy of localStorage may not show the change yet. Through the
   * storage event (no BroadcastChannel) the storage has it, and the event is read off the change.
   */
  #onTabMessage({ event, session }: TabMessage): void {
    if (event === "PASSWORD_RECOVERY") return; // that tab's recovery session is its own
    const current = this.#state.session;
    const next = event ? (session ?? null) : this.#read();
    if (!next) {
      if (current) this.#applySignedOut(false);
      return;
    }
    const inferred: AuthEvent = !current
      ? "SIGNED_IN"
      : current.refresh_token !== next.refresh_token
        ? "TOKEN_REFRESHED"
        : "USER_UPDATED";
    this.#adopt(next, event && event !== "SIGNED_OUT" ? event : inferred);
  }

  /** Takes up what another tab stored; nothing to report when this tab has it already. */
  #adopt(session: Session, event: AuthEvent): void {
    const current = this.#state.session;
    if (current && sameSession(current, session)) return;
    const status = this.#state.status === "loading" ? "loading" : "signed-in";
    this.#setState({ status, session });
    this.#emit(event, session);
  }

  // ---- State, events, storage -------------------------------------------------------------------

  #signOutLocally(): void {
    this.#clearStorage();
    this.#applySignedOut(true);
  }

  #applySignedOut(tellOtherTabs: boolean): void {
    const hadSession = this.#state.session !== null;
    this.#setState(signedOut);
    if (tellOtherTabs) this.#deps.tabs.post({ event: "SIGNED_OUT", session: null });
    if (hadSession) this.#emit("SIGNED_OUT", null);
  }

  /** Reports an event here and tells the other tabs, which report it too. */
  #announce(event: AuthEvent, session: Session | null): void {
    this.#deps.tabs.post({ event, session });
    this.#emit(event, session);
  }

  #emit(event: AuthEvent, session: Session | null): void {
    for (const listener of [...this.#eventListeners]) listener(event, session);
  }

  #setState(state: SessionState): void {
    if (state === this.#state) return;
    this.#state = state;
    for (const listener of [...this.#stateListeners]) listener();
  }

  #post(path: string, body: unknown): Promise<Response> {
    return this.#deps.fetch(path, { method: "POST", headers: jsonHeaders, body: JSON.stringify(body) });
  }

  /**
   * The stored session, or null. It is the session record that counts, written first and
   * removed first, so a read between the two writes never sees a session end that did not; a
   * record without docs/product.md's token beside it (removed by anything else) is no session either.
   */
  #read(): Session | null {
    const { storage } = this.#deps;
    try {
      const raw = storage.getItem(sessionStorageKey);
      if (!raw || !storage.getItem(tokenStorageKey)) return null;
      const session = sessionSchema.safeParse(JSON.parse(raw));
      return session.success ? session.data : null;
    } catch {
      return null; // storage disabled or the value mangled: nobody is signed in
    }
  }

  #store(session: Session): void {
    try {
      this.#deps.storage.setItem(sessionStorageKey, JSON.stringify(session));
      this.#deps.storage.setItem(tokenStorageKey, session.access_token);
    } catch {
      // Storage full or disabled: this tab keeps the session in memory until it is closed.
    }
  }

  /** docs/product.md §4: logout clears the token and the admin flag (and what the device kept of the member). */
  #clearStorage(): void {
    for (const key of [sessionStorageKey, tokenStorageKey, adminFlagStorageKey, temperamentStorageKey]) {
      try {
        this.#deps.storage.removeItem(key);
      } catch {
        // storage disabled: nothing was stored
      }
    }
  }
}

/** A 200 answer to sign-in that carries no usable session (docs/product.md §8: "Login failed."). */
export class IncompleteSessionError extends Error {
  override name = "IncompleteSessionError";
  constructor() {
    super(m.session_no_session_in_answer());
  }
}

/** No answer, or the server failed: worth trying again. A refusal (4xx) is not. */
function isRetryable(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  return error instanceof ApiResponseError && error.status >= 500;
}

const sameSession = (a: Session, b: Session) =>
  a.access_token === b.access_token &&
  a.refresh_token === b.refresh_token &&
  JSON.stringify(a.user) === JSON.stringify(b.user);
