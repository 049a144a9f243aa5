import type { Context } from "hono";
import { type SharePreviews, sharePreviewsPath, sharePreviewsSchema } from "../contract/share-previews.ts";
import type { AppEnv } from "./app-env.ts";

/**
 * The build's list of link previews (ADR 0019), and its text for the ETag. Without it (a build
 * from before the list, or a broken one) pages still render: raster product images still
 * preview, everything else goes without an image.
 */
export async function readSharePreviews(c: Context<AppEnv>): Promise<{ list: SharePreviews | null; text: string }> {
  const response = c.var.assets ? await c.var.assets(new Request(new URL(sharePreviewsPath, c.req.url))) : null;
  const text = response?.ok ? await response.text() : "";
  if (response && !response.ok) await response.body?.cancel();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = sharePreviewsSchema.safeParse(json);
  if (parsed.success) return { list: parsed.data, text };
  c.var.logger.warn("the link previews list is missing or invalid: pages preview without the build's images", {
    path: sharePreviewsPath,
    status: response?.status,
  });
  return { list: null, text: "" };
}
