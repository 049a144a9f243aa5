import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { sharedFileNameHeader, shareTarget } from "../../../worker/contract/share-target.ts";
import type { SessionState } from "../../lib/session-manager.ts";

/**
 * Photos shared to the installed app (ADR 0095). The service worker kept them in Cache Storage
 * and opened `/admin?shared=1`; this reads them for a signed-in administrator and drops them for
 * anyone else. Either way they are gone from the device once the page has looked.
 */

/** The kept photos, in the order shared; the cache is deleted as they are read. */
async function takeSharedPhotos(): Promise<File[]> {
  if (!("caches" in window) || !(await caches.has(shareTarget.cache))) return [];
  try {
    const cache = await caches.open(shareTarget.cache);
    const place = (request: Request) => Number(new URL(request.url).pathname.split("/").pop());
    const requests = [...(await cache.keys())].sort((a, b) => place(a) - place(b));
    const files = await Promise.all(
      requests.map(async (request) => {
        const response = await cache.match(request);
        if (!response) return undefined;
        const blob = await response.blob();
        const name = decodeURIComponent(response.headers.get(sharedFileNameHeader) ?? "") || `photo-${place(request)}`;
        return new File([blob], name, { type: blob.type });
      }),
    );
    return files.filter((file): file is File => file !== undefined);
  } finally {
    await dropSharedPhotos();
  }
}

async function dropSharedPhotos(): Promise<void> {
  if ("caches" in window) await caches.delete(shareTarget.cache);
}

/** Whether the page was opened by a share (the service worker's marker in the address). */
const openedByShare = () => new URLSearchParams(window.location.search).has(shareTarget.marker);

/**
 * The shared photos for the dashboard once the session is known: `"waiting"` while they are
 * read, the files for a signed-in administrator (none when the page was not opened by a share),
 * nothing for anyone else, whose kept photos are deleted at once. The marker leaves the address
 * as soon as the session is known, so a reload opens no form.
 */
export function useSharedPhotos(state: SessionState | undefined): "waiting" | File[] | undefined {
  const navigate = useNavigate();
  const [shared, setShared] = useState<"waiting" | File[] | undefined>(() => (openedByShare() ? "waiting" : undefined));
  // Decided once, on the first known session: an admin who signs in afterwards gets no form.
  const decided = useRef(false);
  const status = !state || state.status === "loading" ? "loading" : state.status;
  const isAdmin = state?.status === "signed-in" && state.session.user.role === "admin";

  useEffect(() => {
    if (decided.current || shared !== "waiting" || status === "loading") return;
    decided.current = true;
    void navigate({ to: "/admin", search: {}, replace: true });
    if (isAdmin) {
      void takeSharedPhotos().then(setShared, () => setShared([]));
    } else {
      setShared(undefined);
      void dropSharedPhotos();
    }
  }, [navigate, shared, status, isAdmin]);

  return shared;
}
