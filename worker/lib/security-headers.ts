/**
 * Headers on every HTML and API response (docs/architecture.md §8). The Node server and the Worker add
 * them in middleware; the Vite build writes the same list to `_headers` for the files that
 * Workers Static Assets serves without running the Worker.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "form-action 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

export const securityHeaders: Record<string, string> = {
  "Content-Security-Policy": contentSecurityPolicy,
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy":
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()",
  "Cross-Origin-Opener-Policy": "same-origin",
  "X-Frame-Options": "DENY",
};

/**
 * The service worker script's own headers (ADR 0018). A worker's fetches fall under the policy
 * its script arrived with, and the service worker fetches the product pictures the page may show
 * from any https host (`img-src … https:`): for the worker they are connections, so its policy
 * allows https in `connect-src`. The page's policy is unchanged. The browser must always
 * revalidate the script (`no-cache`), or an update reaches shoppers late.
 */
export const serviceWorkerHeaders: Record<string, string> = {
  "Content-Security-Policy": contentSecurityPolicy.replace("connect-src 'self'", "connect-src 'self' https:"),
  "Cache-Control": "no-cache",
};

/** The service worker's address (vite-plugin-pwa's default file name, served from the root: scope `/`). */
export const serviceWorkerPath = "/sw.js";
