import type { SharePreviews } from "../../worker/contract/share-previews.ts";

/**
 * A built dist/web/share-previews.json (web/vite-plugins/share-previews.ts) with the shop's
 * default preview and one illustration's, the hashed names as the build writes them.
 */
export const builtSharePreviews: SharePreviews = {
  width: 1200,
  height: 630,
  type: "image/png",
  default: "/assets/previews/default-0a1b2c3d.png",
  images: { "/images/products/ihlamur.svg": "/assets/previews/ihlamur-4e5f6a7b.png" },
};
