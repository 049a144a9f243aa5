import * as z from "zod/mini";
import { readCatalogue, sendCached } from "../../catalogue/catalogue-reads.ts";
import { categorySchema } from "../../contract/catalogue.ts";
import { createRouter } from "../../lib/app-env.ts";
import { describeRoute } from "../../openapi/describe-route.ts";

export const categoryRoutes = createRouter().get(
  "/",
  describeRoute({
    summary: "The catalogue's categories",
    access: "public",
    ok: { 200: z.array(categorySchema), 304: null },
  }),
  async (c) => sendCached(c, await (await readCatalogue(c)).categories()),
);
