/// <reference lib="webworker" />
import { watchOutbox } from "../../lib/admin-outbox.ts";
import { answerCalls } from "../../lib/worker-calls.ts";
import { openCatalogueStorage } from "./catalogue-db.ts";
import { createDeviceCatalogue } from "./device-catalogue.ts";

// The catalogue worker (ADR 0021, 0039): it opens and reads the device's copy as it starts, on its
// own thread while the page starts the app (ADR 0028), and answers the page's calls.
const scope = self as unknown as DedicatedWorkerGlobalScope;
const catalogue = createDeviceCatalogue({
  storage: openCatalogueStorage(),
  fetch: (input, init) => fetch(input, init),
  now: () => Date.now(),
  watchOutbox: (listener) => void watchOutbox(listener),
});
// The page's listener stays on the page: the notices are posted to it (web/lib/worker-calls.ts).
answerCalls(scope, { ...catalogue, watch: () => catalogue.watch((...notice) => scope.postMessage({ notice })) });
