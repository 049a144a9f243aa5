/// <reference lib="webworker" />
import { answerCalls } from "../../../lib/worker-calls.ts";
import { encodePreview, encodeVariant, planPhoto } from "./photo-pipeline.ts";

// The admin's photo worker (ADR 0091): decoding and encoding photos off the page's thread, so the
// form never freezes. Its file name starts with `admin-` so its chunk stays out of the shoppers'
// precache (vite.config.ts's globIgnores): only the product form starts it.
answerCalls(self as unknown as DedicatedWorkerGlobalScope, { planPhoto, encodeVariant, encodePreview });
