import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sessionMember } from "../../tests/support/session-user.ts";
import type { Session, SessionUser } from "../../worker/contract/auth.ts";
import type { Profile } from "../../worker/contract/profile.ts";
import {
  type AuthEvent,
  autoRefreshTickMs,
  checkedProfileMaxAgeMs,
  expiryMarginMs,
  firstRetryDelayMs,
  SessionManager,
  type TabMessage,
} from "./session-manager.ts";

// The session manager over a fake clock (vitest's fake timers fake Date too), a fake auth
// server, and a fake browser whose tabs share storage, a channel and a lock, as real tabs do.

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const start = new Date("2026-03-02T09:00:00Z").getTime();

const member = sessionMember();

const other: SessionUser = { ...member, id: "u2", email: "deniz@example.com", first_name: "Deniz" };

const profile: Profile = {
  id: member.id,
  first_name: member.first_name,
  last_name: member.last_name,
  email: member.email,
  is_verified: true,
  created_at: member.created_at,
  survey_responses: { "1": "Sabah" },
  temperament: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** The auth API as tests/api/sessions.test.ts shows it, in memory, minus the grace window. */
function fakeServer() {
  let serial = 0;
  const live = new Map<string, string>(); // access token → family
  const refreshTokens = new Map<string, { family: string; spent: boolean; user: SessionUser }>();
  const revokedFamilies = new Set<string>();
  const calls: { path: string; at: number; bearer: string | null }[] = [];
  /** Every answer to `/api/user/profile`, to see which were read. */
  const profileAnswers: Response[] = [];
  const state = { offline: false, refreshDelayMs: 0, profileStatus: 200 as number | null, clockOffsetMs: 0 };

  const issue = (user: SessionUser, family = `f${++serial}`): Session => {
    const n = ++serial;
    const session: Session = {
      access_token: `access-${n}`,
      refresh_token: `refresh-${n}`,
      expires_in: 3600,
      expires_at: Math.floor((Date.now() + state.clockOffsetMs) / 1000) + 3600,
      token_type: "bearer",
      user,
    };
    live.set(session.access_token, family);
    refreshTokens.set(session.refresh_token, { family, spent: false, user });
    return session;
  };
  const validAccess = (token: string | null) => {
    const family = token ? live.get(token) : undefined;
    return family !== undefined && !revokedFamilies.has(family);
  };

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const path = String(input);
    const bearer = new Headers(init.headers).get("Authorization")?.replace("Bearer ", "") ?? null;
    calls.push({ path, at: Date.now(), bearer });
    if (state.offline) throw new TypeError("Failed to fetch");
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    if (path === "/api/auth/token?grant_type=password") {
      if (body.password !== "right")
        return json(400, { code: "invalid_credentials", detail: "Invalid login credentials" });
      return json(200, issue(body.email === other.email ? other : member));
    }
    if (path === "/api/auth/token?grant_type=refresh_token") {
      if (state.refreshDelayMs) await new Promise((resolve) => setTimeout(resolve, state.refreshDelayMs));
      const token = refreshTokens.get(body.refresh_token);
      if (!token || token.spent || revokedFamilies.has(token.family)) {
        if (token) revokedFamilies.add(token.family); // reuse revokes the family
        return json(400, { code: "invalid_grant", detail: "Invalid Refresh Token" });
      }
      token.spent = true;
      return json(200, issue(token.user, token.family));
    }
    if (path === "/api/auth/logout") {
      const family = bearer ? live.get(bearer) : undefined;
      if (family) revokedFamilies.add(family);
      return new Response(null, { status: 204 });
    }
    if (path === "/api/user/profile") {
      if (!validAccess(bearer)) {
        const refused = json(401, { code: "invalid_token", detail: "Your session has expired." });
        profileAnswers.push(refused);
        return refused;
      }
      if (state.profileStatus === null) throw new TypeError("Failed to fetch");
      const answer = json(state.profileStatus, profile);
      profileAnswers.push(answer);
      return answer;
    }
    if (path === "/api/auth/verify") return json(200, { ...issue(member), expires_in: 900 });
    if (path === "/api/auth/user") {
      if (!validAccess(bearer)) return json(401, { code: "invalid_token", detail: "Your session has expired." });
      return json(200, { user: member });
    }
    return json(404, { code: "not_found", detail: "Not found." });
  };

  const count = (path: string) => calls.filter((call) => call.path === path).length;
  const refreshes = () => calls.filter((call) => call.path.endsWith("grant_type=refresh_token"));
  return {
    fetch,
    calls,
    state,
    issue,
    count,
    refreshes,
    profileAnswers,
    revokeFamily: (f: string) => revokedFamilies.add(f),
    live,
  };
}

/** One browser: its tabs share storage, a channel (never echoed to the sender) and a lock. */
function fakeBrowser(server: ReturnType<typeof fakeServer>) {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  const tabs: { listeners: Set<(m: TabMessage) => void> }[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  const lock = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => {});
    return run;
  };

  /**
   * @param stale this tab's copy of the storage never catches up with the other tabs' writes
   *   (in Chromium each renderer's copy is updated after the fact; here, never)
   */
  function openTab({ stale = false } = {}) {
    const me = { listeners: new Set<(m: TabMessage) => void>() };
    const snapshot = new Map(items);
    const view = stale
      ? {
          getItem: (key: string) => snapshot.get(key) ?? null,
          setItem: (key: string, value: string) => {
            snapshot.set(key, value);
            storage.setItem(key, value);
          },
          removeItem: (key: string) => {
            snapshot.delete(key);
            storage.removeItem(key);
          },
        }
      : storage;
    tabs.push(me);
    let visible = true;
    const visibilityListeners = new Set<() => void>();
    const events: { event: AuthEvent; token: string | null }[] = [];
    const manager = new SessionManager({
      storage: view,
      fetch: server.fetch,
      lock,
      tabs: {
        post: (message) => {
          // Delivered later, like a BroadcastChannel message, to every other tab.
          for (const tab of tabs) if (tab !== me) for (const l of tab.listeners) queueMicrotask(() => l(message));
        },
        listen: (listener) => {
          me.listeners.add(listener);
          return () => me.listeners.delete(listener);
        },
      },
      visibility: {
        visible: () => visible,
        onChange: (listener) => {
          visibilityListeners.add(listener);
          return () => visibilityListeners.delete(listener);
        },
      },
    });
    manager.onAuthStateChange((event, session) => events.push({ event, token: session?.access_token ?? null }));
    manager.start();
    const setVisible = (value: boolean) => {
      visible = value;
      for (const listener of visibilityListeners) listener();
    };
    return { manager, events, setVisible, names: () => events.map((e) => e.event) };
  }

  /** As if a sign-in had happened in an earlier visit. */
  const storeSession = (session: Session) => {
    storage.setItem("session", JSON.stringify(session));
    storage.setItem("token", session.access_token);
  };
  return { items, openTab, storeSession, lock };
}

let server: ReturnType<typeof fakeServer>;
let browser: ReturnType<typeof fakeBrowser>;
const opened: SessionManager[] = [];

beforeEach(() => {
  vi.useFakeTimers({ now: start });
  server = fakeServer();
  browser = fakeBrowser(server);
});
afterEach(() => {
  for (const manager of opened.splice(0)) manager.stop();
  vi.useRealTimers();
});

function openTab(options: { stale?: boolean } = {}) {
  const tab = browser.openTab(options);
  opened.push(tab.manager);
  return tab;
}

/** Moves the fake clock to `at` ms after the start, running every timer due on the way. */
const advanceTo = (at: number) => vi.advanceTimersByTimeAsync(start + at - Date.now());

describe("the constants of docs/product.md §9", () => {
  it("looks every 30 s and refreshes on the first tick with 3 ticks or fewer left", async () => {
    const tab = openTab(); // ticks at 30 s, 60 s, … after the start
    await advanceTo(10 * second);
    const first = await tab.manager.signIn("ayse@example.com", "right"); // ends at 1 h + 10 s
    expect(first.expires_at * 1000).toBe(start + hour + 10 * second);

    // The tick at 58 min: 130 s left, 4 whole ticks: not yet. The next, at 58 min 30 s: 100 s
    // left, 3 ticks: now. In between (3 ticks left from 58 min 11 s) nothing looks.
    await advanceTo(hour - 90 * second - 1);
    expect(server.refreshes()).toHaveLength(0);
    await advanceTo(hour - 90 * second);
    expect(server.refreshes()).toHaveLength(1);
    expect(server.refreshes()[0]?.at).toBe(start + hour - 90 * second);
    expect(tab.manager.getState()).toMatchObject({ status: "signed-in" });
    expect(tab.manager.getState().session?.access_token).not.toBe(first.access_token);
    expect(browser.items.get("token")).toBe(tab.manager.getState().session?.access_token);
    expect(tab.names()).toEqual(["SIGNED_IN", "TOKEN_REFRESHED"]);
    expect(autoRefreshTickMs).toBe(30_000);
  });

  it("sends a token with 90 s left as it is, and refreshes one with less before sending it", async () => {
    const tab = openTab();
    const first = await tab.manager.signIn("ayse@example.com", "right");
    tab.setVisible(false); // a hidden tab does not tick: only the margin acts
    await advanceTo(hour - expiryMarginMs);
    expect(await tab.manager.getAccessToken()).toBe(first.access_token);
    expect(server.refreshes()).toHaveLength(0);

    await advanceTo(hour - expiryMarginMs + 1);
    const token = await tab.manager.getAccessToken();
    expect(server.refreshes()).toHaveLength(1);
    expect(token).not.toBe(first.access_token);
    expect(token).toBe(browser.items.get("token"));
    expect(expiryMarginMs).toBe(90_000);
  });

  it("retries a refresh that got no answer after 200, 400, 800… ms while the waits fit in a tick", async () => {
    const tab = openTab();
    await tab.manager.signIn("ayse@example.com", "right");
    server.state.offline = true;
    const due = hour - 90 * second; // the first tick with 3 ticks left
    await advanceTo(due + autoRefreshTickMs - 1);

    const times = server.refreshes().map((call) => call.at - (start + due));
    expect(times).toEqual([0, 200, 600, 1400, 3000, 6200, 12600, 25400]);
    expect(firstRetryDelayMs).toBe(200);
    // Still signed in: no answer says nothing about the session.
    expect(tab.manager.getState().status).toBe("signed-in");

    // The next tick starts over, and the server is back.
    server.state.offline = false;
    await advanceTo(due + autoRefreshTickMs);
    expect(server.refreshes()).toHaveLength(9);
    expect(tab.names()).toEqual(["SIGNED_IN", "TOKEN_REFRESHED"]);
  });
});

describe("the device's clock", () => {
  it("counts a session's hour from when it arrived, so a clock ahead of the server's does not refresh on every tick", async () => {
    server.state.clockOffsetMs = -2 * hour; // the server's clock is two hours behind this device's
    const tab = openTab();
    const session = await tab.manager.signIn("ayse@example.com", "right");
    expect(session.expires_at * 1000).toBe(start + hour);
    await advanceTo(hour - 90 * second);
    expect(server.refreshes()).toHaveLength(1);
    // The next one an hour later, not on the following ticks.
    await advanceTo(2 * hour - 3 * minute - 1);
    expect(server.refreshes()).toHaveLength(1);
    await advanceTo(2 * hour - 3 * minute);
    expect(server.refreshes()).toHaveLength(2);
  });
});

describe("events", () => {
  it("reports SIGNED_IN, TOKEN_REFRESHED and SIGNED_OUT, and signing out tells the server", async () => {
    const tab = openTab();
    await expect(tab.manager.signIn("ayse@example.com", "wrong")).rejects.toMatchObject({
      message: "Invalid login credentials",
    });
    expect(tab.names()).toEqual([]);
    const session = await tab.manager.signIn("ayse@example.com", "right");
    expect(browser.items.get("token")).toBe(session.access_token);
    expect(JSON.parse(browser.items.get("session") ?? "")).toEqual(session);

    await advanceTo(hour - 90 * second);
    browser.items.set("isAdminAuth", "1");
    browser.items.set("temperamentResult", '{"user_id":"u1","temperament":null}');
    const refreshed = tab.manager.getState().session;
    await tab.manager.signOut();
    expect(tab.names()).toEqual(["SIGNED_IN", "TOKEN_REFRESHED", "SIGNED_OUT"]);
    expect(tab.manager.getState()).toEqual({ status: "signed-out", session: null });
    // docs/product.md §4: the token and the admin flag go, and the member's temperament kept for home (ADR 0053).
    expect([...browser.items.keys()]).toEqual([]);
    const logout = server.calls.find((call) => call.path === "/api/auth/logout");
    expect(logout?.bearer).toBe(refreshed?.access_token);
  });

  it("reports PASSWORD_RECOVERY for a reset link, exchanged once however often it is asked", async () => {
    const tab = openTab();
    const [a, b] = await Promise.all([
      tab.manager.exchangeRecoveryToken("reset-token"),
      tab.manager.exchangeRecoveryToken("reset-token"),
    ]);
    expect(a).toBe(b);
    expect(server.count("/api/auth/verify")).toBe(1);
    expect(tab.names()).toEqual(["PASSWORD_RECOVERY"]);
    // The recovery session is not a signed-in member.
    expect(tab.manager.getState().status).toBe("signed-out");
    expect(browser.items.has("token")).toBe(false);
  });

  it("reports USER_UPDATED for a new password; after a recovery every tab is signed out", async () => {
    const other = openTab();
    const tab = openTab();
    await other.manager.signIn("ayse@example.com", "right");
    await vi.advanceTimersByTimeAsync(0);
    expect(tab.manager.getState().status).toBe("signed-in");

    // A signed-in member changing the password stays signed in.
    await tab.manager.updatePassword("new-password");
    expect(tab.names()).toEqual(["SIGNED_IN", "USER_UPDATED"]);
    expect(tab.manager.getState().status).toBe("signed-in");

    const memberToken = tab.manager.getState().session?.access_token;
    const recovery = await tab.manager.exchangeRecoveryToken("reset-token");
    await tab.manager.updatePassword("newer-password");
    const put = server.calls.filter((call) => call.path === "/api/auth/user");
    expect(put.map((call) => call.bearer)).toEqual([memberToken, recovery.access_token]);
    await vi.advanceTimersByTimeAsync(0);
    expect(tab.names()).toEqual(["SIGNED_IN", "USER_UPDATED", "PASSWORD_RECOVERY", "USER_UPDATED", "SIGNED_OUT"]);
    // The other tab's user did not change with the password: it has nothing to report until
    // the sign-out.
    expect(other.names()).toEqual(["SIGNED_IN", "SIGNED_OUT"]);
    expect(other.manager.getState().status).toBe("signed-out");
    expect(browser.items.has("token")).toBe(false);
  });
});

describe("tabs kept in step", () => {
  it("a sign-in in one tab signs in the others; signing out in one signs out all", async () => {
    const tabA = openTab();
    const tabB = openTab();
    const session = await tabA.manager.signIn("ayse@example.com", "right");
    await vi.advanceTimersByTimeAsync(0);
    expect(tabB.manager.getState()).toEqual({ status: "signed-in", session });
    expect(tabB.names()).toEqual(["SIGNED_IN"]);

    await tabA.manager.signOut();
    await vi.advanceTimersByTimeAsync(0);
    expect(tabB.manager.getState()).toEqual({ status: "signed-out", session: null });
    expect(tabB.names()).toEqual(["SIGNED_IN", "SIGNED_OUT"]);
    // The second tab does not tick on with a session it no longer has.
    await advanceTo(2 * hour);
    expect(server.refreshes()).toHaveLength(0);
  });

  it("two tabs due for a refresh at the same moment spend the refresh token once", async () => {
    const tabA = openTab();
    const tabB = openTab();
    await tabA.manager.signIn("ayse@example.com", "right");
    await vi.advanceTimersByTimeAsync(0);
    server.state.refreshDelayMs = 2 * second; // the other tab's tick comes while the first waits

    await advanceTo(hour - 90 * second + 5 * second);
    expect(server.refreshes()).toHaveLength(1);
    const token = tabA.manager.getState().session?.access_token;
    expect(tabB.manager.getState().session?.access_token).toBe(token);
    expect(browser.items.get("token")).toBe(token);
    expect(tabA.names()).toEqual(["SIGNED_IN", "TOKEN_REFRESHED"]);
    expect(tabB.names()).toEqual(["SIGNED_IN", "TOKEN_REFRESHED"]);

    // Both go on working with the new session: the next refresh, an hour later, is one too.
    await advanceTo(2 * hour);
    expect(server.refreshes()).toHaveLength(2);
    expect(tabA.manager.getState().status).toBe("signed-in");
    expect(tabB.manager.getState().status).toBe("signed-in");
  });

  it("follows the other tab by its messages when its copy of the storage lags behind", async () => {
    const tabA = openTab();
    const tabB = openTab({ stale: true });
    const session = await tabA.manager.signIn("ayse@example.com", "right");
    await vi.advanceTimersByTimeAsync(0);
    expect(tabB.manager.getState()).toEqual({ status: "signed-in", session });

    // The refresh: tabB's tick comes while tabA's is under way; it takes up tabA's new session.
    server.state.refreshDelayMs = 2 * second;
    await advanceTo(hour - 90 * second + 5 * second);
    expect(server.refreshes()).toHaveLength(1);
    expect(tabB.manager.getState().session?.refresh_token).toBe(tabA.manager.getState().session?.refresh_token);

    await tabA.manager.signOut();
    await vi.advanceTimersByTimeAsync(0);
    expect(tabB.manager.getState().status).toBe("signed-out");
    expect(tabB.names()).toEqual(["SIGNED_IN", "TOKEN_REFRESHED", "SIGNED_OUT"]);
  });

  it("without the lock the two tabs would spend it twice, and the server would end the session", async () => {
    // The same two tabs with no lock between them: proves the test above can fail.
    const unlocked = fakeBrowser(server);
    const shared = unlocked.openTab;
    const tabA = shared();
    await tabA.manager.signIn("ayse@example.com", "right");
    const tabB = (() => {
      const tab = new SessionManager({
        storage: {
          getItem: (k) => unlocked.items.get(k) ?? null,
          setItem: (k, v) => void unlocked.items.set(k, v),
          removeItem: (k) => void unlocked.items.delete(k),
        },
        fetch: server.fetch,
        lock: (task) => task(),
        tabs: { post: () => {}, listen: () => () => {} },
        visibility: { visible: () => true, onChange: () => () => {} },
      });
      tab.start();
      return tab;
    })();
    opened.push(tabA.manager, tabB);
    await vi.advanceTimersByTimeAsync(0);
    server.state.refreshDelayMs = 2 * second;
    await advanceTo(hour - 90 * second + 5 * second);
    expect(server.refreshes()).toHaveLength(2);
    expect(tabB.getState().status).toBe("signed-out");
  });
});

describe("a tab woken from sleep", () => {
  it("refreshes before its first call", async () => {
    const tab = openTab();
    await tab.manager.signIn("ayse@example.com", "right");
    tab.setVisible(false);
    await advanceTo(3 * hour); // asleep: no tick ran
    expect(server.refreshes()).toHaveLength(0);

    const response = await tab.manager.fetch("/api/user/profile");
    expect(response.status).toBe(200);
    expect(server.refreshes()).toHaveLength(1);
    const profileCall = server.calls.at(-1);
    expect(profileCall?.path).toBe("/api/user/profile");
    expect(profileCall?.bearer).toBe(tab.manager.getState().session?.access_token);
  });

  it("refreshes as soon as it is shown again", async () => {
    const tab = openTab();
    await tab.manager.signIn("ayse@example.com", "right");
    tab.setVisible(false);
    await advanceTo(2 * hour);
    tab.setVisible(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.refreshes()).toHaveLength(1);
    expect(tab.names()).toEqual(["SIGNED_IN", "TOKEN_REFRESHED"]);
  });
});

describe("on load with a stored session (docs/product.md §4)", () => {
  it("fetches the profile while 'loading', then is signed in", async () => {
    browser.storeSession(server.issue(member));
    const tab = openTab();
    expect(tab.manager.getState().status).toBe("loading");
    await vi.advanceTimersByTimeAsync(0);
    expect(server.count("/api/user/profile")).toBe(1);
    expect(tab.manager.getState().status).toBe("signed-in");
  });

  it("reads the profile's answer to its end, and hands it once to the screen that asks next", async () => {
    browser.storeSession(server.issue(member));
    const tab = openTab();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.profileAnswers.map((answer) => answer.bodyUsed)).toEqual([true]);
    expect(tab.manager.takeCheckedProfile()).toEqual(profile);
    expect(tab.manager.takeCheckedProfile()).toBeNull(); // a later load asks the server again
  });

  it("keeps the checked profile for the profile screen only a short while", async () => {
    browser.storeSession(server.issue(member));
    const tab = openTab();
    await vi.advanceTimersByTimeAsync(checkedProfileMaxAgeMs + 1);
    expect(tab.manager.takeCheckedProfile()).toBeNull();
  });

  it("hands no checked profile to another member who signed in meanwhile", async () => {
    browser.storeSession(server.issue(member));
    const tab = openTab();
    await vi.advanceTimersByTimeAsync(0);
    await tab.manager.signOut();
    await tab.manager.signIn(other.email, "right");
    expect(tab.manager.takeCheckedProfile()).toBeNull();
  });

  it("signs out when the server refuses it, and clears the storage", async () => {
    const session = server.issue(member);
    browser.storeSession(session);
    server.revokeFamily(server.live.get(session.access_token) ?? "");
    const tab = openTab();
    await vi.advanceTimersByTimeAsync(0);
    expect(tab.manager.getState().status).toBe("signed-out");
    expect(browser.items.has("token")).toBe(false);
    expect(tab.names()).toEqual(["SIGNED_OUT"]);
  });

  it("stays signed in when the server cannot be reached (offline)", async () => {
    browser.storeSession(server.issue(member));
    server.state.profileStatus = null;
    const tab = openTab();
    await vi.advanceTimersByTimeAsync(0);
    expect(tab.manager.getState().status).toBe("signed-in");
  });

  it("skips the profile for the administrator", async () => {
    browser.storeSession(server.issue({ ...member, role: "admin" }));
    const tab = openTab();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.count("/api/user/profile")).toBe(0);
    expect(tab.manager.getState().status).toBe("signed-in");
  });

  it("refreshes a stored session that ran out while the browser was closed", async () => {
    const session = server.issue(member);
    browser.storeSession(session);
    await advanceTo(5 * hour);
    const tab = openTab();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.refreshes()).toHaveLength(1);
    expect(tab.manager.getState().status).toBe("signed-in");
    expect(server.calls.find((call) => call.path === "/api/user/profile")?.bearer).not.toBe(session.access_token);
  });

  it("treats a token without its session record as no session", async () => {
    browser.items.set("token", "left-over");
    const tab = openTab();
    expect(tab.manager.getState().status).toBe("signed-out");
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls).toEqual([]);
  });
});

describe("the authorized fetch", () => {
  it("lets a refused answer go when a refreshed token is sent again", async () => {
    const tab = openTab();
    const session = await tab.manager.signIn("ayse@example.com", "right");
    server.live.delete(session.access_token); // the server no longer knows this token; the refresh works
    const retried = await tab.manager.fetch("/api/user/profile");
    expect(retried.status).toBe(200);
    expect(server.profileAnswers.map((answer) => [answer.status, answer.bodyUsed])).toEqual([
      [401, true],
      [200, false], // the caller's to read
    ]);
  });

  it("sends the bearer token; a refused one is refreshed once, and a revoked session signs out", async () => {
    const tab = openTab();
    const session = await tab.manager.signIn("ayse@example.com", "right");
    const ok = await tab.manager.fetch("/api/user/profile");
    expect(ok.status).toBe(200);
    expect(server.calls.at(-1)?.bearer).toBe(session.access_token);

    // Signed out on the server (another device changed the password): refresh is refused too.
    server.revokeFamily(server.live.get(session.access_token) ?? "");
    const refused = await tab.manager.fetch("/api/user/profile");
    expect(refused.status).toBe(401);
    expect(server.refreshes()).toHaveLength(1);
    expect(tab.manager.getState().status).toBe("signed-out");
    expect(tab.names()).toEqual(["SIGNED_IN", "SIGNED_OUT"]);
  });
});
