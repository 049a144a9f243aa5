/// <reference lib="webworker" />
import { expose } from "comlink";
import { openCatalogueStorage } from "./catalogue-db.ts";
import { createDeviceCatalogue } from "./device-catalogue.ts";

// The catalogue worker (ADR 0021, 0039): it opens and reads the device's copy as it starts, on its
// own thread while the page starts the app (ADR 0028), and answers the page's calls through Comlink.
expose(
  createDeviceCatalogue({
    storage: openCatalogueStorage(),
    fetch: (input, init) => fetch(input, init),
    now: () => Date.now(),
  }),
);
