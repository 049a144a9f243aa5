import { readCatalogue, sendCached } from "../../catalogue/catalogue-reads.ts";
import { createRouter } from "../../lib/app-env.ts";

export const categoryRoutes = createRouter().get("/", async (c) =>
  sendCached(c, await (await readCatalogue(c)).categories()),
);
