/** docs/product.md §3's storage key for the access token. */
export const tokenStorageKey = "token";

/**
 * `<html data-session="member">` while someone is signed in on this device. The catalogue pages
 * arrive rendered by the server as a visitor sees them, and the app that knows better starts
 * only after the first paint (ADR 0043); styles.css hides the visitor's Sign In / Sign Up while
 * this mark is set, so a member never sees them flash by before the account menu takes their
 * place. The entry sets it from storage as soon as it runs; the session manager keeps it true.
 */
export function markSession(signedIn: boolean): void {
  if (signedIn) document.documentElement.dataset.session = "member";
  else delete document.documentElement.dataset.session;
}

/** Sets the mark from the stored token: cheap enough for the entry script. */
export function markSessionFromStorage(): void {
  try {
    markSession(Boolean(localStorage.getItem(tokenStorageKey)));
  } catch {
    // storage disabled: nobody is signed in
  }
}
