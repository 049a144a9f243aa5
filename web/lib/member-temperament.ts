import { useEffect, useSyncExternalStore } from "react";
import * as z from "zod/mini";
import type { Profile } from "../../worker/contract/profile.ts";
import { temperamentSchema } from "../../worker/contract/temperaments.ts";
import { readJson } from "./api-client.ts";
import { getSessionManager, memberApi, useSession } from "./session.ts";
import { type SessionState, temperamentStorageKey } from "./session-manager.ts";

/*
 * The signed-in member's temperament result, as the device last knew it (ADR 0053). The screens
 * suggest products for it (issue 30), home included, and home works offline: the profile the
 * result comes from is not on the device, so each profile read keeps its result in
 * localStorage with the member's id. The session manager removes it at sign-out.
 */

export type TemperamentResult = NonNullable<Profile["temperament"]>;

const storedSchema = z.object({
  user_id: z.string(),
  temperament: z.nullable(z.object({ dominant: temperamentSchema, secondary: temperamentSchema })),
});
type Stored = z.infer<typeof storedSchema>;

const listeners = new Set<() => void>();
let snapshot: { raw: string | null; stored: Stored | null } = { raw: null, stored: null };
/** Where the result is kept when storage refuses it (disabled, full): this page only. */
let inMemory: string | null | undefined;

function readStorage(): string | null {
  if (inMemory !== undefined) return inMemory;
  try {
    return localStorage.getItem(temperamentStorageKey);
  } catch {
    return null; // storage disabled: nothing was kept
  }
}

/** The kept result, the same object until the stored text changes (useSyncExternalStore needs that). */
function read(): Stored | null {
  const raw = readStorage();
  if (raw !== snapshot.raw) {
    let stored: Stored | null = null;
    try {
      const parsed = storedSchema.safeParse(JSON.parse(raw ?? "null"));
      stored = parsed.success ? parsed.data : null;
    } catch {
      // Not JSON (another writer): nothing known.
    }
    snapshot = { raw, stored };
  }
  return snapshot.stored;
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // Another tab's profile edit, or its sign-out, changes what this one shows too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === temperamentStorageKey || event.key === null) onChange();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("storage", onStorage);
  };
}

/** Keeps what a profile read says of the member's result (null: no result yet), and tells the screens. */
export function rememberTemperament(profile: Pick<Profile, "id" | "temperament">): void {
  const raw = JSON.stringify({ user_id: profile.id, temperament: profile.temperament } satisfies Stored);
  try {
    localStorage.setItem(temperamentStorageKey, raw);
    inMemory = undefined;
  } catch {
    inMemory = raw; // storage full or disabled: the screens of this page still get it
  }
  for (const listener of [...listeners]) listener();
}

/** Members whose profile this page has asked the server for already: once per page load is enough. */
const refreshed = new Set<string>();

/**
 * The profile's result once per page load and member, as fresh as the server has it: the one the
 * session check read on load when there is one, else asked for. No answer (offline) keeps what
 * the device knew.
 */
async function refresh(userId: string): Promise<void> {
  if (refreshed.has(userId)) return;
  refreshed.add(userId);
  const checked = getSessionManager().takeCheckedProfile();
  if (checked) return rememberTemperament(checked);
  try {
    rememberTemperament(await readJson(memberApi.user.profile.$get()));
  } catch {
    refreshed.delete(userId); // try again on the next screen that asks
  }
}

/**
 * What the device knows of the member signed in on it (ADR 0053): nobody (or the administrator)
 * is "visitor"; a member is "member" with their result, or with null when they have none or it
 * was never read on this device. A stored member session that is still being confirmed counts as
 * a member: home would otherwise invite them to sign up until the check answers (offline: for
 * good). The result is refreshed from the server once per page load, after the check.
 */
export function useMemberResult(): { kind: "visitor" } | { kind: "member"; result: TemperamentResult | null } {
  // The parts home shows, each its own subscription: for a visitor both stay as the server's
  // render had them, so home is not drawn again once adopted.
  const user = useSession(memberOf);
  const confirmedId = useSession((state) => (state?.status === "signed-in" ? memberOf(state)?.id : undefined));
  const stored = useSyncExternalStore(subscribe, read, noneOnTheServer);
  useEffect(() => {
    if (confirmedId) void refresh(confirmedId);
  }, [confirmedId]);
  if (!user) return { kind: "visitor" };
  return { kind: "member", result: stored?.user_id === user.id ? stored.temperament : null };
}

const noneOnTheServer = () => null;
/** The member signed in on this device, a stored session still being confirmed included. */
const memberOf = (state: SessionState | undefined) =>
  state && state.status !== "signed-out" && state.session.user.role === "member" ? state.session.user : null;
