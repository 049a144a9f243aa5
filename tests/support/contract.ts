import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { AppDeps } from "../../worker/lib/app-env.ts";

/*
 * Every answer the API suites receive, checked against the document the server publishes at
 * /api/openapi.json (issue 37, docs/decisions/0067-every-answer-checked-against-the-contract.md):
 * the status is one the operation (path template + method) lists, the response headers it
 * describes are there as described, and the body is what its schema says (ajv, JSON Schema
 * 2020-12 as OpenAPI 3.1 has it). The request helpers (test-app.ts, the worker harness, and
 * fetch to a loopback server, see contract-check.ts) call `checkAnswer` on each answer; a
 * mismatch fails the test that received it, in its afterEach.
 */

type Schema = Record<string, unknown>;
type Reference = { $ref: string };
type Header = { required?: boolean; schema?: Schema; description?: string };
type Response = {
  description?: string;
  headers?: Record<string, Header | Reference>;
  content?: Record<string, unknown>;
};
type Operation = { operationId?: string; responses: Record<string, Response | Reference> };
export type ContractDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
};

/** What the check needs of an answer: both runtimes' Response types have it. */
export type CheckedResponse = {
  status: number;
  headers: { get(name: string): string | null };
  clone(): { text(): Promise<string> };
};

/** An answer as checked: its status, headers and whole body. */
export type Answer = { status: number; headers: { get(name: string): string | null }; body: string };

// ajv-formats is CommonJS: its function is the default export under Node's ESM.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

/** One document's validator, with each schema compiled once, by its JSON pointer. */
type Compiled = { document: ContractDocument; ajv: Ajv2020; validators: Map<string, ValidateFunction> };
const compiled = new Map<string, Compiled>();
const documentId = "openapi.json";

function compile(document: ContractDocument): Compiled {
  const key = JSON.stringify(document);
  let entry = compiled.get(key);
  if (!entry) {
    // Not strict: the document's own words (`description`, `operationId`) are not JSON Schema's.
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(document as object, documentId);
    entry = { document, ajv, validators: new Map() };
    compiled.set(key, entry);
  }
  return entry;
}

const pointer = (segments: string[]) =>
  `#/${segments.map((s) => encodeURIComponent(s.replaceAll("~", "~0").replaceAll("/", "~1"))).join("/")}`;

function validator(entry: Compiled, segments: string[]): ValidateFunction {
  const at = pointer(segments);
  let validate = entry.validators.get(at);
  if (!validate) {
    validate = entry.ajv.compile({ $ref: `${documentId}${at}` });
    entry.validators.set(at, validate);
  }
  return validate;
}

/** `#/components/responses/Error` and the like, followed within the document. */
function resolve<T>(document: ContractDocument, value: T | Reference): { value: T; at: string[] | undefined } {
  if (!value || typeof value !== "object" || !("$ref" in value)) return { value: value as T, at: undefined };
  const at = value.$ref
    .replace(/^#\//, "")
    .split("/")
    .map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"));
  let found: unknown = document;
  for (const segment of at) found = (found as Record<string, unknown> | undefined)?.[segment];
  return { value: found as T, at };
}

/** The operation for a request: the path templates that match it, the one with fewest parameters first. */
export function findOperation(document: ContractDocument, method: string, path: string) {
  const candidates = Object.keys(document.paths)
    .filter((template) =>
      new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}/g, "[^/]+")}$`).test(path),
    )
    .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
  for (const template of candidates) {
    const operation = document.paths[template]?.[method.toLowerCase()];
    if (operation) return { template, operation };
  }
  return { template: candidates[0], operation: undefined };
}

const shortened = (text: string, length = 300) => (text.length > length ? `${text.slice(0, length)}…` : text);

/** What is wrong with `response` as the answer to `method path` by `document`; empty when nothing is. */
export function contractProblems(document: ContractDocument, method: string, path: string, response: Answer): string[] {
  const entry = compile(document);
  const { status, body } = response;
  // HEAD is answered by the GET route, without its body.
  const described = method === "HEAD" ? "GET" : method;
  const { template, operation } = findOperation(document, described, path);
  const contentType = (response.headers.get("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";

  if (!operation) {
    // A request for no operation (an unknown address or method, an address with a trailing
    // slash) is refused before any route: 4xx with the error body the document's info states
    // for every error (404 mostly; a body too large or not JSON is refused first), or a
    // redirect to the address without the slash.
    const unslashed = path.endsWith("/") && (status === 301 || status === 308);
    const location = response.headers.get("Location");
    if (unslashed && location && new URL(location, "http://in-process").pathname === path.slice(0, -1)) return [];
    if (status >= 400 && status < 500 && contentType === "application/json") {
      const errors = schemaErrors(entry, ["components", "schemas", "Error"], body);
      return errors ? [`${method} ${path} answered ${status} (no such operation): ${errors}`] : [];
    }
    const near = template ? ` (the document has ${template} without ${described})` : "";
    return [
      `${method} ${path} answered ${status}, but /api/openapi.json has no operation ${described} for this path${near}: describe it with describeRoute(...) beside its handler in worker/routes/`,
    ];
  }

  const name = `${described} ${template} (${operation.operationId ?? "no operationId"})`;
  const key = [String(status), `${String(status)[0]}XX`, "default"].find((k) => k in operation.responses);
  if (!key) {
    const listed = Object.keys(operation.responses).join(", ");
    return [
      `${name} answered ${status}, which the document does not list (it lists ${listed}); body: ${shortened(body) || "(empty)"}`,
    ];
  }
  const { value: described_, at } = resolve<Response>(document, operation.responses[key] as Response | Reference);
  const responseAt = at ?? ["paths", template as string, described.toLowerCase(), "responses", key];
  const problems: string[] = [];

  for (const [header, declared] of Object.entries(described_.headers ?? {})) {
    const { value } = resolve<Header>(document, declared);
    const sent = response.headers.get(header);
    if (sent === null) {
      if (value.required) problems.push(`${name} answered ${status} without the header ${header} it documents`);
      continue;
    }
    if (!value.schema) continue;
    const type = (value.schema as { type?: string }).type;
    const parsed = type === "integer" || type === "number" ? Number(sent) : sent;
    const validate = entry.ajv.compile(value.schema);
    if (!validate(parsed)) {
      problems.push(`${name} answered ${status} with ${header}: ${sent}, ${entry.ajv.errorsText(validate.errors)}`);
    }
  }

  const media = Object.keys(described_.content ?? {});
  if (media.length === 0) {
    if (body !== "")
      problems.push(`${name} answered ${status} with a body the document does not describe: ${shortened(body)}`);
    return problems;
  }
  if (method === "HEAD" || status === 304) return problems;
  const type = media.find((m) => m === contentType) ?? media.find((m) => m === "*/*");
  if (!type) {
    problems.push(
      `${name} answered ${status} as ${contentType || "no Content-Type"}, the document says ${media.join(" or ")}`,
    );
    return problems;
  }
  if (type === "application/json") {
    const errors = schemaErrors(entry, [...responseAt, "content", type, "schema"], body);
    if (errors) problems.push(`${name} answered ${status}: ${errors}`);
  }
  return problems;
}

/** The schema errors of a JSON body, with the body; undefined when it matches. */
function schemaErrors(entry: Compiled, schemaAt: string[], body: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return `the body is not JSON: ${shortened(body) || "(empty)"}`;
  }
  const validate = validator(entry, schemaAt);
  if (validate(value)) return undefined;
  const errors = (validate.errors ?? [])
    .slice(0, 5)
    .map(
      (e) =>
        `${e.instancePath || "(body)"} ${e.message}${"additionalProperty" in e.params ? ` '${e.params.additionalProperty}'` : ""}`,
    )
    .join("; ");
  return `the body does not match ${pointer(schemaAt)}: ${errors}; body: ${shortened(body)}`;
}

/** The answers checked in this test file, and what did not match, until a test takes them. */
const record = { checked: 0, mismatches: 0, pending: [] as string[] };

/** The mismatches found since the last call, for the test that received them (contract-check.ts). */
export function takeMismatches(): string[] {
  const taken = record.pending;
  record.pending = [];
  return taken;
}

/** How many answers this file's tests received and how many did not match. */
export const contractCounts = () => ({ checked: record.checked, mismatches: record.mismatches });

/**
 * Where an answer came from, to read its document: the served /api/openapi.json, read once and
 * again when an answer does not match it (another server may have taken the address since).
 */
export type ContractSource = { document(fresh: boolean): Promise<ContractDocument> };

/** A source that reads /api/openapi.json with `get`, and keeps it until asked for a fresh one. */
export function servedDocument(get: () => Promise<{ status: number; text(): Promise<string> }>): ContractSource {
  let kept: Promise<ContractDocument> | undefined;
  const read = async () => {
    const res = await get();
    const text = await res.text();
    if (res.status !== 200) throw new Error(`/api/openapi.json answered ${res.status}: ${shortened(text)}`);
    return JSON.parse(text) as ContractDocument;
  };
  return {
    document(fresh) {
      if (fresh || !kept) kept = read();
      const current = kept;
      // A failed read is not kept: the next answer asks again.
      current.catch(() => {
        if (kept === current) kept = undefined;
      });
      return current;
    },
  };
}

/**
 * The document the routes make when no server serves one (a Worker that answers every request
 * with its "misconfigured" 500, by design of its test): built in-process from the same route
 * table, as APP_ENV=test serves it.
 */
let reference: Promise<ContractDocument> | undefined;
function referenceDocument(): Promise<ContractDocument> {
  reference ??= (async () => {
    // Imported when needed: most files never need it, and the app is a large import.
    const [{ createApp }, { parseConfig }, { buildOpenApiDocument }] = await Promise.all([
      import("../../worker/app.ts"),
      import("../../worker/config/config.ts"),
      import("../../worker/openapi/openapi.ts"),
    ]);
    const config = parseConfig({
      APP_ENV: "test",
      JWT_SECRET: "contract-reference-secret-0123456789abcdef",
      ADMIN_EMAIL: "admin@contract.test",
      DATABASE_URL: "file::memory:",
    });
    // Only the route table is read: no request runs, so no other dependency is called.
    const routes = createApp({ config } as unknown as AppDeps).routes;
    return buildOpenApiDocument(routes, { development: false }) as unknown as ContractDocument;
  })();
  return reference;
}

/**
 * Checks one answer to `method url` from `source`; a mismatch is kept for the test's afterEach
 * (contract-check.ts). Only /api/* is described (pages, files and /dev are not), and a CORS
 * preflight (OPTIONS) is the CORS middleware's, not an operation's.
 */
export async function checkAnswer(
  source: ContractSource,
  method: string,
  url: string,
  response: CheckedResponse,
): Promise<void> {
  const path = new URL(url, "http://in-process").pathname;
  if (!path.startsWith("/api/") || method === "OPTIONS") return;
  let body: string;
  try {
    // A clone: the test reads the answer as if nothing had.
    body = method === "HEAD" ? "" : await response.clone().text();
  } catch {
    // Cut off on its way (a server killed mid-answer, by design of the test): no answer to check.
    return;
  }
  const answer = { status: response.status, headers: response.headers, body };
  record.checked++;
  let problems: string[];
  try {
    const served = await source.document(false).catch(() => undefined);
    problems = contractProblems(served ?? (await referenceDocument()), method, path, answer);
    // Checked again against the document as served now, before calling it a mismatch.
    if (served && problems.length > 0) problems = contractProblems(await source.document(true), method, path, answer);
  } catch (error) {
    problems = [`${method} ${path}: could not check the answer: ${String(error)}`];
  }
  if (problems.length === 0) return;
  record.mismatches++;
  record.pending.push(...problems);
}
