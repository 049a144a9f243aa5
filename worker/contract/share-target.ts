/**
 * The installed app as a share target (issue 41, ADR 0095): photos shared from the phone's gallery
 * are POSTed as `multipart/form-data` to `shareTarget.action` (the web manifest, vite.config.ts).
 * The service worker keeps them in Cache Storage and opens the admin page with the marker; the
 * admin page reads them (a signed-in admin: into a new product form) or drops them (anyone
 * else). Without a service worker the servers send the POST on to the admin page, keeping nothing.
 */
export const shareTarget = {
  /** The manifest's one action, for both languages (ADR 0088): the English admin's address. */
  action: "/admin/share",
  /** The form field the shared files arrive in. */
  filesField: "photos",
  /** What the files may be: the same as "Add Photos" takes. */
  accept: ["image/*"],
  /** The admin page's query parameter saying that shared files wait: `/admin?shared=1`. */
  marker: "shared",
  /** Where the service worker keeps the files until the admin page reads them. */
  cache: "shared-photos",
} as const;

/** The kept file's name, in its response's header (a Response has no file name of its own). */
export const sharedFileNameHeader = "X-Shared-File-Name";
