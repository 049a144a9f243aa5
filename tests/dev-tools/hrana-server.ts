import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Database from "libsql";

/**
 * A local endpoint that speaks Turso's HTTP protocol ("Hrana over HTTP", JSON encoding) over a
 * libSQL database file, so that `@libsql/client/web` — the client inside the Worker — talks to
 * it exactly as it talks to Turso. No Turso or sqld server can be installed on these machines
 * (docs/decisions/0003-libsql-http-endpoint-for-tests.md).
 *
 * Follows tursodatabase/libsql docs/HTTP_V2_SPEC.md and docs/HRANA_3_SPEC.md, and copies
 * libsql-server's behaviour where the specs leave room (error codes and messages, baton checks,
 * stream expiry, stored-SQL limits, argument binding):
 * - `GET /v2`, `GET /v3` answer 2xx; `POST /v2/pipeline`, `POST /v3/pipeline` and
 *   `POST /v3/cursor` run requests on a stream. Protobuf (`/v3-protobuf`) is not served, so a
 *   client probing for it falls back to JSON, as `@libsql/client` does by default anyway.
 * - Stream requests: execute, batch (conditions ok/error/not/and/or/is_autocommit), sequence,
 *   describe, store_sql, close_sql, get_autocommit (v3), close.
 * - Every stream owns its own connection to the file, so a transaction spans requests; batons
 *   are signed, single use, and a stream left idle expires (STREAM_EXPIRED, then unknown).
 */

export type HranaServerOptions = {
  /** The database file; it is switched to WAL so that readers never block writers, as on Turso. */
  file: string;
  /** When set, every request must carry `Authorization: Bearer <authToken>`, as Turso requires. */
  authToken?: string;
  /** An idle stream is closed (its transaction rolled back) after this long. libsql-server: 10 s. */
  streamIdleMs?: number;
  /** How long a statement waits for another stream's lock before SQLITE_BUSY. libsql-server: 5 s. */
  busyTimeoutMs?: number;
  host?: string;
  port?: number;
};

export type HranaServer = {
  /** Base URL for `createClient({ url })`, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Streams currently open (a well-behaved client closes each one it opens). */
  openStreamCount(): number;
  close(): Promise<void>;
};

export async function startHranaServer(options: HranaServerOptions): Promise<HranaServer> {
  if (options.file === ":memory:" || options.file.startsWith("file:")) {
    throw new Error("startHranaServer needs a plain file path: every stream opens its own connection to it");
  }
  const streams = new StreamTable(options.file, {
    idleMs: options.streamIdleMs ?? 10_000,
    busyTimeoutMs: options.busyTimeoutMs ?? 5_000,
  });
  streams.switchToWal();

  const server = createServer((req, res) => {
    route(req, res, streams, options.authToken).catch((error: unknown) => {
      sendText(res, 500, `Internal server error: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => done());
  });
  const { address, port } = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${address}:${port}`,
    openStreamCount: () => streams.openCount(),
    close() {
      closing ??= new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
        streams.closeAll();
      });
      return closing;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// HTTP

const maxBodyBytes = 16 * 1024 * 1024;

async function route(req: IncomingMessage, res: ServerResponse, streams: StreamTable, authToken?: string) {
  const path = new URL(req.url ?? "/", "http://localhost").pathname.replace(/\/+$/, "") || "/";
  if (authToken !== undefined && !bearerMatches(req.headers.authorization, authToken)) {
    return sendText(res, 401, "Unauthorized: a valid `Authorization: Bearer` token is required");
  }

  const known: Record<string, { method: "GET" | "POST"; handle: () => Promise<void> | void }> = {
    "/": {
      method: "GET",
      handle: () => sendText(res, 200, "Hello, this is HTTP API v2 (Hrana over HTTP)"),
    },
    "/health": { method: "GET", handle: () => sendText(res, 200, "") },
    "/v2": { method: "GET", handle: () => sendText(res, 200, "") },
    "/v3": { method: "GET", handle: () => sendText(res, 200, "") },
    "/v2/pipeline": { method: "POST", handle: () => pipeline(req, res, streams, 2) },
    "/v3/pipeline": { method: "POST", handle: () => pipeline(req, res, streams, 3) },
    "/v3/cursor": { method: "POST", handle: () => cursor(req, res, streams) },
  };
  const endpoint = known[path];
  if (!endpoint) return sendText(res, 404, `Not found: ${path}`);
  const method = req.method === "HEAD" ? "GET" : req.method;
  if (method !== endpoint.method) {
    res.setHeader("Allow", endpoint.method);
    return sendText(res, 405, "Method not allowed");
  }
  return endpoint.handle();
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(header ?? "");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function pipeline(req: IncomingMessage, res: ServerResponse, streams: StreamTable, version: Version) {
  await respondWith(res, async () => {
    const body = object(await readJson(req), "PipelineReqBody");
    const requests = array(body.requests, "requests");
    const guard = streams.acquire(optionalString(body.baton, "baton"));
    try {
      const results: unknown[] = [];
      for (const request of requests)
        results.push(await handleStreamRequest(guard.stream, object(request, "request"), version));
      const baton = guard.release();
      sendJson(res, 200, { baton, base_url: null, results });
    } catch (error) {
      guard.drop();
      throw error;
    }
  });
}

async function cursor(req: IncomingMessage, res: ServerResponse, streams: StreamTable) {
  await respondWith(res, async () => {
    const body = object(await readJson(req), "CursorReqBody");
    const guard = streams.acquire(optionalString(body.baton, "baton"));
    let entries: object[];
    try {
      const conn = guard.stream.connection();
      try {
        const batch = parseBatch(object(body.batch, "batch"), guard.stream.sqls, 3);
        entries = cursorEntries(await runBatch(conn, batch));
      } catch (error) {
        if (!(error instanceof ResponseError)) throw error;
        entries = [{ type: "error", error: error.toProto() }];
      }
    } catch (error) {
      guard.drop();
      throw error;
    }
    const head = { baton: guard.release(), base_url: null };
    res.writeHead(200, { "Content-Type": "text/plain" });
    res.end([head, ...entries].map((entry) => `${JSON.stringify(entry)}\n`).join(""));
  });
}

/** Protocol violations are 400 text (the stream is gone); an expired stream is 400 JSON. */
async function respondWith(res: ServerResponse, handle: () => Promise<void>) {
  try {
    await handle();
  } catch (error) {
    if (error instanceof StreamExpiredError)
      return sendJson(res, 400, { message: error.message, code: "STREAM_EXPIRED" });
    if (error instanceof ProtocolError) return sendText(res, 400, error.message);
    throw error;
  }
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBodyBytes) throw new ProtocolError("Request body is too large");
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch (error) {
    throw new ProtocolError(`Cannot deserialize client message from JSON: ${(error as Error).message}`);
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

function sendText(res: ServerResponse, status: number, text: string) {
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, { "Content-Type": "text/plain" });
  res.end(text);
}

// ---------------------------------------------------------------------------------------------
// Errors

type Version = 2 | 3;

/** The client broke the protocol: the HTTP request fails and the stream is dropped. */
class ProtocolError extends Error {}

class StreamExpiredError extends Error {
  constructor() {
    super("The stream has expired due to inactivity");
  }
}

/** A failure reported inside a well-formed response (a failed statement, request or step). */
class ResponseError extends Error {
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.code = code;
  }
  toProto() {
    return { message: this.message, code: this.code };
  }
}

// Result-code names as libsql-server reports them (rusqlite's ErrorCode; SQLITE_ERROR itself
// has no variant there and comes out as SQLITE_UNKNOWN). Only primary codes reach the client.
const primaryCodeNames: Record<number, string> = {
  2: "SQLITE_INTERNAL",
  3: "SQLITE_PERM",
  4: "SQLITE_ABORT",
  5: "SQLITE_BUSY",
  6: "SQLITE_LOCKED",
  7: "SQLITE_NOMEM",
  8: "SQLITE_READONLY",
  9: "SQLITE_INTERRUPT",
  10: "SQLITE_IOERR",
  11: "SQLITE_CORRUPT",
  12: "SQLITE_NOTFOUND",
  13: "SQLITE_FULL",
  14: "SQLITE_CANTOPEN",
  15: "SQLITE_PROTOCOL",
  17: "SQLITE_SCHEMA",
  18: "SQLITE_TOOBIG",
  19: "SQLITE_CONSTRAINT",
  20: "SQLITE_MISMATCH",
  21: "SQLITE_MISUSE",
  22: "SQLITE_NOLFS",
  23: "SQLITE_AUTH",
  25: "SQLITE_RANGE",
  26: "SQLITE_NOTADB",
};

type SqliteFailure = Error & { code: string; rawCode?: number };

const isSqliteFailure = (error: unknown): error is SqliteFailure =>
  error instanceof Error &&
  typeof (error as SqliteFailure).code === "string" &&
  (error as SqliteFailure).code.startsWith("SQLITE_");

// Waiting helps with a lock another stream holds, never with a stale WAL snapshot: SQLite
// itself does not call its busy handler for SQLITE_BUSY_SNAPSHOT.
const isBusy = (error: unknown) =>
  isSqliteFailure(error) && error.code.startsWith("SQLITE_BUSY") && error.code !== "SQLITE_BUSY_SNAPSHOT";

/**
 * libsql-server reports an error found while compiling a statement as SQL_PARSE_ERROR (its own
 * parser) or SQL_INPUT_ERROR (no such table, …), and one found while running it as "SQLite
 * error" with the primary result code.
 */
function sqliteResponseError(error: unknown, whilePreparing: boolean): ResponseError {
  if (!isSqliteFailure(error)) throw error;
  const primary = (error.rawCode ?? 1) & 0xff;
  if (whilePreparing && primary === 1) {
    if (/syntax error|incomplete input|unrecognized token/.test(error.message)) {
      return new ResponseError(`SQL string could not be parsed: ${error.message}`, "SQL_PARSE_ERROR");
    }
    return new ResponseError(`SQL input error: ${error.message}`, "SQL_INPUT_ERROR");
  }
  return new ResponseError(`SQLite error: ${error.message}`, primaryCodeNames[primary] ?? "SQLITE_UNKNOWN");
}

// ---------------------------------------------------------------------------------------------
// Streams and batons

type Handle =
  | { state: "available"; stream: Stream; expiresAt: number }
  | { state: "acquired" }
  | { state: "expired"; forgetAt: number };

/** How long an expired stream still answers STREAM_EXPIRED rather than "invalid baton". */
const forgetExpiredAfterMs = 300_000;

class StreamTable {
  readonly #file: string;
  readonly #idleMs: number;
  readonly #busyTimeoutMs: number;
  readonly #handles = new Map<string, Handle>();
  readonly #batonKey = randomBytes(32);
  readonly #sweeper: NodeJS.Timeout;
  #closed = false;

  constructor(file: string, settings: { idleMs: number; busyTimeoutMs: number }) {
    this.#file = file;
    this.#idleMs = settings.idleMs;
    this.#busyTimeoutMs = settings.busyTimeoutMs;
    this.#sweeper = setInterval(() => this.#expire(), Math.max(20, Math.min(1000, this.#idleMs / 4)));
    this.#sweeper.unref();
  }

  switchToWal() {
    const conn = new Database(this.#file);
    try {
      conn.exec("PRAGMA journal_mode=WAL");
    } finally {
      conn.close();
    }
  }

  openCount() {
    let count = 0;
    for (const handle of this.#handles.values()) if (handle.state !== "expired") count++;
    return count;
  }

  acquire(baton: string | null | undefined): {
    stream: Stream;
    release(): string | null;
    drop(): void;
  } {
    let stream: Stream;
    if (baton === null || baton === undefined) {
      stream = new Stream(randomBytes(8).toString("hex"), randomBytes(8).readBigUInt64BE(), () =>
        Connection.open(this.#file, this.#busyTimeoutMs),
      );
    } else {
      const { id, seq } = this.#decodeBaton(baton);
      const handle = this.#handles.get(id);
      if (!handle) throw new ProtocolError("Received an invalid baton");
      if (handle.state === "expired") throw new StreamExpiredError();
      if (handle.state === "acquired" || handle.stream.seq !== seq) {
        throw new ProtocolError("Received a baton that has already been used");
      }
      stream = handle.stream;
      // Every response hands out a new baton, which forces the client to send requests on a
      // stream one after another.
      stream.seq = BigInt.asUintN(64, stream.seq + 1n);
    }
    this.#handles.set(stream.id, { state: "acquired" });
    let settled = false;
    return {
      stream,
      release: () => {
        settled = true;
        if (this.#closed) stream.close();
        if (!stream.isOpen()) {
          this.#handles.delete(stream.id);
          return null;
        }
        this.#handles.set(stream.id, {
          state: "available",
          stream,
          expiresAt: Date.now() + this.#idleMs,
        });
        return this.#encodeBaton(stream.id, stream.seq);
      },
      drop: () => {
        if (settled) return;
        settled = true;
        stream.close();
        this.#handles.delete(stream.id);
      },
    };
  }

  closeAll() {
    this.#closed = true;
    clearInterval(this.#sweeper);
    for (const handle of this.#handles.values()) if (handle.state === "available") handle.stream.close();
    this.#handles.clear();
  }

  #expire() {
    const now = Date.now();
    for (const [id, handle] of this.#handles) {
      if (handle.state === "available" && handle.expiresAt <= now) {
        handle.stream.close();
        this.#handles.set(id, { state: "expired", forgetAt: now + forgetExpiredAfterMs });
      } else if (handle.state === "expired" && handle.forgetAt <= now) {
        this.#handles.delete(id);
      }
    }
  }

  // Like libsql-server: 8 bytes of stream id and 8 of sequence number, then an HMAC-SHA256 of
  // both, so a baton cannot be forged or replayed.
  #encodeBaton(id: string, seq: bigint): string {
    const payload = Buffer.alloc(16);
    Buffer.from(id, "hex").copy(payload, 0);
    payload.writeBigUInt64BE(seq, 8);
    const mac = createHmac("sha256", this.#batonKey).update(payload).digest();
    return Buffer.concat([payload, mac]).toString("base64").replace(/=+$/, "");
  }

  #decodeBaton(baton: string): { id: string; seq: bigint } {
    const data = Buffer.from(baton, "base64");
    if (data.length !== 48) throw new ProtocolError("Received an invalid baton");
    const payload = data.subarray(0, 16);
    const mac = createHmac("sha256", this.#batonKey).update(payload).digest();
    if (!timingSafeEqual(mac, data.subarray(16))) throw new ProtocolError("Received an invalid baton");
    return { id: payload.subarray(0, 8).toString("hex"), seq: payload.readBigUInt64BE(8) };
  }
}

class Stream {
  readonly id: string;
  seq: bigint;
  /** SQL texts stored with `store_sql`; on HTTP their scope is the stream. */
  readonly sqls = new Map<number, string>();
  #conn: Connection | null;

  constructor(id: string, seq: bigint, open: () => Connection) {
    this.id = id;
    this.seq = seq;
    this.#conn = open();
  }

  isOpen() {
    return this.#conn !== null;
  }

  connection(): Connection {
    if (!this.#conn) throw new ProtocolError("Stream for this baton was closed");
    return this.#conn;
  }

  close() {
    // Closing the connection rolls back a transaction the client left open.
    this.#conn?.close();
    this.#conn = null;
  }
}

// ---------------------------------------------------------------------------------------------
// Stream requests

type Obj = Record<string, unknown>;

async function handleStreamRequest(stream: Stream, request: Obj, version: Version): Promise<object> {
  try {
    return { type: "ok", response: await streamResponse(stream, request, version) };
  } catch (error) {
    if (error instanceof ResponseError) return { type: "error", error: error.toProto() };
    throw error;
  }
}

/** libsql-server's limits on stored SQL texts. */
const maxStoredSqls = 50;
const maxStoredSqlBytes = 5000;

async function streamResponse(stream: Stream, request: Obj, version: Version): Promise<object> {
  switch (request.type) {
    case "close":
      stream.close();
      return { type: "close" };
    case "execute": {
      const conn = stream.connection();
      const stmt = parseStmt(object(request.stmt, "stmt"), stream.sqls);
      return { type: "execute", result: await conn.execute(stmt) };
    }
    case "batch": {
      const conn = stream.connection();
      const batch = parseBatch(object(request.batch, "batch"), stream.sqls, version);
      return { type: "batch", result: batchResult(await runBatch(conn, batch)) };
    }
    case "sequence": {
      const conn = stream.connection();
      const sql = resolveSql(request.sql, request.sql_id, stream.sqls);
      for (const text of splitStatements(sql)) {
        await conn.execute({
          sql: text,
          info: analyzeStatement(text),
          args: { positional: [] },
          wantRows: false,
        });
      }
      return { type: "sequence" };
    }
    case "describe": {
      const conn = stream.connection();
      return {
        type: "describe",
        result: conn.describe(resolveSql(request.sql, request.sql_id, stream.sqls)),
      };
    }
    case "store_sql": {
      const id = int32(request.sql_id, "sql_id");
      const sql = string(request.sql, "sql");
      if (stream.sqls.has(id)) throw new ProtocolError(`SQL text ${id} already exists`);
      if (stream.sqls.size >= maxStoredSqls) {
        throw new ResponseError(
          `The server already stores ${stream.sqls.size} SQL texts, it cannot store more`,
          "SQL_STORE_TOO_MANY",
        );
      }
      if (Buffer.byteLength(sql) > maxStoredSqlBytes) {
        throw new ResponseError(
          `The statement is too large to be stored: ${Buffer.byteLength(sql)} B/5.0 KB`,
          "SQL_STORE_TOO_LARGE",
        );
      }
      stream.sqls.set(id, sql);
      return { type: "store_sql" };
    }
    case "close_sql":
      stream.sqls.delete(int32(request.sql_id, "sql_id"));
      return { type: "close_sql" };
    case "get_autocommit":
      if (version < 3)
        throw new ProtocolError("The `get_autocommit` request is only supported in protocol version hrana3 and higher");
      return { type: "get_autocommit", is_autocommit: stream.connection().isAutocommit() };
    default:
      throw new ProtocolError("StreamRequest type not recognized");
  }
}

// ---------------------------------------------------------------------------------------------
// Statements, batches, values

type SqlValue = null | bigint | number | string | Uint8Array;
type Args = { positional: SqlValue[] } | { named: Map<string, SqlValue> };
type Stmt = { sql: string; info: StatementInfo; args: Args; wantRows: boolean };
type Col = { name: string | null; decltype: string | null };
type StmtResult = {
  cols: Col[];
  rows: object[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
};

type Cond =
  | { type: "ok" | "error"; step: number }
  | { type: "not"; cond: Cond }
  | { type: "and" | "or"; conds: Cond[] }
  | { type: "is_autocommit" };
type Batch = { steps: { condition: Cond | null; stmt: Stmt }[] };
type StepOutcome = { result: StmtResult } | { error: ResponseError } | null;

function resolveSql(sql: unknown, sqlId: unknown, sqls: Map<number, string>): string {
  const hasSql = sql !== undefined && sql !== null;
  const hasId = sqlId !== undefined && sqlId !== null;
  if (hasSql && hasId) throw new ProtocolError("Either `sql` or `sql_id` are required, but not both");
  if (hasSql) return string(sql, "sql");
  if (!hasId) throw new ProtocolError("Either `sql` or `sql_id` are required");
  const id = int32(sqlId, "sql_id");
  const found = sqls.get(id);
  if (found === undefined) throw new ProtocolError(`SQL text ${id} not found`);
  return found;
}

/** Checks a statement before anything runs; a bad one fails the whole execute or batch request. */
function parseStmt(raw: Obj, sqls: Map<number, string>): Stmt {
  const sql = resolveSql(raw.sql, raw.sql_id, sqls);
  const statements = splitStatements(sql);
  if (statements.length === 0) throw new ResponseError("SQL string does not contain any statement", "SQL_NO_STATEMENT");
  if (statements.length > 1)
    throw new ResponseError("SQL string contains more than one statement", "SQL_MANY_STATEMENTS");
  const positional = raw.args === undefined || raw.args === null ? [] : array(raw.args, "args").map(valueFromProto);
  const namedList = raw.named_args === undefined || raw.named_args === null ? [] : array(raw.named_args, "named_args");
  if (positional.length > 0 && namedList.length > 0) {
    throw new ResponseError(
      "Specifying both positional and named arguments is not supported",
      "ARGS_BOTH_POSITIONAL_AND_NAMED",
    );
  }
  let args: Args = { positional };
  if (namedList.length > 0) {
    const named = new Map<string, SqlValue>();
    for (const entry of namedList) {
      const arg = object(entry, "named_arg");
      named.set(string(arg.name, "name"), valueFromProto(arg.value));
    }
    args = { named };
  }
  const wantRows = raw.want_rows === undefined || raw.want_rows === null ? true : Boolean(raw.want_rows);
  return { sql, info: analyzeStatement(sql), args, wantRows };
}

function parseBatch(raw: Obj, sqls: Map<number, string>, version: Version): Batch {
  const steps = array(raw.steps, "steps").map((entry, index) => {
    const step = object(entry, "step");
    const condition =
      step.condition === undefined || step.condition === null ? null : parseCond(step.condition, index, version);
    return { condition, stmt: parseStmt(object(step.stmt, "stmt"), sqls) };
  });
  return { steps };
}

function parseCond(raw: unknown, stepIndex: number, version: Version): Cond {
  const cond = object(raw, "condition");
  switch (cond.type) {
    case "ok":
    case "error": {
      const step = Number(cond.step);
      // A condition may only look back at steps that have already run.
      if (!Number.isInteger(step) || step < 0 || step >= stepIndex) {
        throw new ProtocolError("Invalid reference to step in a batch condition");
      }
      return { type: cond.type, step };
    }
    case "not":
      return { type: "not", cond: parseCond(cond.cond, stepIndex, version) };
    case "and":
    case "or":
      return {
        type: cond.type,
        conds: array(cond.conds, "conds").map((c) => parseCond(c, stepIndex, version)),
      };
    case "is_autocommit":
      if (version < 3) {
        throw new ProtocolError(
          "BatchCond of type `is_autocommit` is only supported in protocol version hrana3 and higher",
        );
      }
      return { type: "is_autocommit" };
    default:
      throw new ProtocolError("BatchCond type not recognized");
  }
}

async function runBatch(conn: Connection, batch: Batch): Promise<StepOutcome[]> {
  const outcomes: StepOutcome[] = [];
  for (const step of batch.steps) {
    if (step.condition && !evalCond(step.condition, outcomes, conn)) {
      outcomes.push(null);
      continue;
    }
    try {
      outcomes.push({ result: await conn.execute(step.stmt) });
    } catch (error) {
      if (!(error instanceof ResponseError)) throw error;
      outcomes.push({ error });
    }
  }
  return outcomes;
}

// As the spec says, `error` is false for a skipped step (libsql-server treats skipped as failed;
// the clients only ever combine `ok` and `not`, where both agree).
function evalCond(cond: Cond, outcomes: StepOutcome[], conn: Connection): boolean {
  switch (cond.type) {
    case "ok": {
      const outcome = outcomes[cond.step];
      return outcome != null && "result" in outcome;
    }
    case "error": {
      const outcome = outcomes[cond.step];
      return outcome != null && "error" in outcome;
    }
    case "not":
      return !evalCond(cond.cond, outcomes, conn);
    case "and":
      return cond.conds.every((c) => evalCond(c, outcomes, conn));
    case "or":
      return cond.conds.some((c) => evalCond(c, outcomes, conn));
    case "is_autocommit":
      return conn.isAutocommit();
  }
}

function batchResult(outcomes: StepOutcome[]) {
  return {
    step_results: outcomes.map((o) => (o && "result" in o ? o.result : null)),
    step_errors: outcomes.map((o) => (o && "error" in o ? o.error.toProto() : null)),
  };
}

function cursorEntries(outcomes: StepOutcome[]): object[] {
  const entries: object[] = [];
  outcomes.forEach((outcome, step) => {
    if (!outcome) return;
    if ("error" in outcome) {
      entries.push({ type: "step_error", step, error: outcome.error.toProto() });
      return;
    }
    const { cols, rows, affected_row_count, last_insert_rowid } = outcome.result;
    entries.push({ type: "step_begin", step, cols });
    for (const row of rows) entries.push({ type: "row", row });
    entries.push({ type: "step_end", affected_row_count, last_insert_rowid });
  });
  return entries;
}

const minInt64 = -(2n ** 63n);
const maxInt64 = 2n ** 63n - 1n;

function valueFromProto(raw: unknown): SqlValue {
  const value = object(raw, "value");
  switch (value.type) {
    case "null":
      return null;
    case "integer": {
      const text = string(value.value, "integer value");
      if (!/^-?\d+$/.test(text)) throw new ProtocolError(`Invalid integer value: ${text}`);
      const n = BigInt(text);
      if (n < minInt64 || n > maxInt64) throw new ProtocolError(`Integer out of the 64-bit range: ${text}`);
      return n;
    }
    case "float":
      if (typeof value.value !== "number") throw new ProtocolError("A float value must be a JSON number");
      return value.value;
    case "text":
      return string(value.value, "text value");
    case "blob":
      return Buffer.from(string(value.base64, "blob base64"), "base64");
    default:
      throw new ProtocolError("Value type not recognized");
  }
}

function valueToProto(value: unknown): object {
  if (value === null || value === undefined) return { type: "null" };
  if (typeof value === "bigint") return { type: "integer", value: value.toString() };
  if (typeof value === "number") return { type: "float", value };
  if (typeof value === "string") return { type: "text", value };
  if (value instanceof Uint8Array) return { type: "blob", base64: Buffer.from(value).toString("base64") };
  throw new Error(`Unexpected value from libSQL: ${typeof value}`);
}

// ---------------------------------------------------------------------------------------------
// One stream's connection

type Prepared = ReturnType<Database.Database["prepare"]>;

class Connection {
  #db: Database.Database;
  #counters: Prepared;
  readonly #file: string;
  readonly #busyTimeoutMs: number;

  private constructor(file: string, busyTimeoutMs: number) {
    this.#file = file;
    this.#busyTimeoutMs = busyTimeoutMs;
    // No busy timeout inside libSQL: its wait would block the event loop, and with it the very
    // stream that holds the lock. Busy statements are retried asynchronously instead.
    this.#db = new Database(file);
    this.#counters = this.#prepareCounters();
  }

  static open(file: string, busyTimeoutMs: number) {
    return new Connection(file, busyTimeoutMs);
  }

  isAutocommit() {
    return !this.#db.inTransaction;
  }

  close() {
    if (!this.#db.open) return;
    // libSQL's close leaves a connection that a prepared statement still refers to open, with
    // its transaction and lock: a stream closed mid-transaction (the endpoint stopped, a stream
    // expired) would lock the file for everyone. Rolled back first, as a stopped server's is.
    if (this.#db.inTransaction) {
      try {
        this.#db.exec("ROLLBACK");
      } catch {
        // closed below all the same
      }
    }
    this.#db.close();
  }

  async execute(stmt: Stmt): Promise<StmtResult> {
    const deadline = Date.now() + this.#busyTimeoutMs;
    let prepared: Prepared;
    try {
      prepared = await retryWhileBusy(() => this.#db.prepare(stmt.sql), deadline);
    } catch (error) {
      throw sqliteResponseError(error, true);
    }
    const values = bindArguments(stmt.info.params, stmt.args);
    let rows: unknown[][] = [];
    try {
      if (prepared.reader) {
        prepared.raw(true).safeIntegers(true);
        rows = (await retryWhileBusy(() => prepared.all(values), deadline)) as unknown[][];
      } else {
        await retryWhileBusy(() => prepared.run(values), deadline);
      }
    } catch (error) {
      // A statement given up on while busy stays half-run inside libSQL, which has no way to
      // reset it; outside a transaction a fresh connection is equivalent, so use one.
      if (isBusy(error) && this.isAutocommit()) this.#reopen();
      throw sqliteResponseError(error, false);
    }
    const cols = prepared.columns().map((c) => ({ name: c.name, decltype: c.type }));
    // Like libsql-server: the row count only for INSERT/UPDATE/DELETE (sqlite3_changes is not
    // reset by other statements) and the rowid only for INSERT.
    const [[changes, lastRowid]] = this.#counters.all([]) as [[bigint, bigint]];
    return {
      cols,
      rows: stmt.wantRows ? rows.map((row) => row.map(valueToProto)) : [],
      affected_row_count: stmt.info.kind === "other" ? 0 : Number(changes),
      last_insert_rowid: stmt.info.kind === "insert" ? lastRowid.toString() : null,
    };
  }

  describe(sql: string) {
    const statements = splitStatements(sql);
    if (statements.length === 0)
      throw new ResponseError("SQL string does not contain any statement", "SQL_NO_STATEMENT");
    if (statements.length > 1)
      throw new ResponseError("SQL string contains more than one statement", "SQL_MANY_STATEMENTS");
    let prepared: Prepared;
    try {
      prepared = this.#db.prepare(sql);
    } catch (error) {
      throw sqliteResponseError(error, true);
    }
    const info = analyzeStatement(sql);
    return {
      params: info.params.map((name) => ({ name })),
      cols: prepared.columns().map((c) => ({ name: c.name, decltype: c.type })),
      is_explain: info.firstKeyword === "EXPLAIN",
      // libsql's JS API does not expose sqlite3_stmt_readonly; judged from the statement's verb.
      is_readonly: readonlyVerbs.has(info.verb),
    };
  }

  #reopen() {
    this.#db.close();
    this.#db = new Database(this.#file);
    this.#counters = this.#prepareCounters();
  }

  // Run to completion with all(): a statement left mid-step would keep a read transaction open.
  #prepareCounters() {
    return this.#db.prepare("SELECT changes(), last_insert_rowid()").raw(true).safeIntegers(true);
  }
}

const readonlyVerbs = new Set([
  "SELECT",
  "VALUES",
  "EXPLAIN",
  "BEGIN",
  "COMMIT",
  "END",
  "ROLLBACK",
  "SAVEPOINT",
  "RELEASE",
]);

async function retryWhileBusy<T>(run: () => T, deadline: number): Promise<T> {
  for (let delay = 1; ; delay = Math.min(delay * 2, 25)) {
    try {
      return run();
    } catch (error) {
      if (!isBusy(error) || Date.now() + delay > deadline) throw error;
      await new Promise((wake) => setTimeout(wake, delay));
    }
  }
}

/**
 * Binds arguments the way libsql-server does: by position for `?` and `?NNN`, by name (with or
 * without its `:`/`@`/`$` prefix) for named parameters; too many arguments or a missing one is
 * ARGS_INVALID. The result is positional, so libSQL never has to look names up itself.
 */
function bindArguments(params: (string | null)[], args: Args): SqlValue[] {
  const given = "positional" in args ? args.positional.length : args.named.size;
  if (given > params.length) {
    throw new ResponseError(
      `Arguments do not match SQL parameters: too many parameters, expected ${params.length} found ${given}`,
      "ARGS_INVALID",
    );
  }
  const byPosition = (n: number) => ("positional" in args ? args.positional[n - 1] : undefined);
  const byName = (name: string) => ("named" in args ? args.named.get(name) : undefined);
  return params.map((name, index) => {
    let value: SqlValue | undefined;
    if (name === null) value = byPosition(index + 1);
    else if (name.startsWith("?")) value = byPosition(Number(name.slice(1)));
    else value = byName(name) ?? byName(name.slice(1));
    if (value === undefined) {
      throw new ResponseError(
        `Arguments do not match SQL parameters: value for parameter ${name ?? index + 1} not found`,
        "ARGS_INVALID",
      );
    }
    return value;
  });
}

// ---------------------------------------------------------------------------------------------
// A small SQL scanner: statement boundaries, parameters and the statement's verb. libsql's JS
// API silently runs only the first of several statements and cannot list parameters.

type Token = {
  kind: "word" | "param" | "semi" | "other";
  text: string;
  start: number;
  end: number;
};

function* tokens(sql: string): Generator<Token> {
  let i = 0;
  const n = sql.length;
  const isIdent = (c: string) => /[\p{L}\p{N}_$]/u.test(c);
  while (i < n) {
    const c = sql.charAt(i);
    const start = i;
    if (/\s/.test(c)) {
      i++;
    } else if (c === "-" && sql[i + 1] === "-") {
      while (i < n && sql[i] !== "\n") i++;
    } else if (c === "/" && sql[i + 1] === "*") {
      const close = sql.indexOf("*/", i + 2);
      i = close < 0 ? n : close + 2;
    } else if (c === "'" || c === '"' || c === "`" || c === "[") {
      const quote = c === "[" ? "]" : c;
      i++;
      while (i < n) {
        if (sql[i] === quote) {
          if (quote !== "]" && sql[i + 1] === quote) i += 2;
          else break;
        } else i++;
      }
      i++;
      yield { kind: c === "'" ? "other" : "word", text: sql.slice(start, i), start, end: i };
    } else if (c === ";") {
      i++;
      yield { kind: "semi", text: ";", start, end: i };
    } else if (c === "?") {
      i++;
      while (i < n && /\d/.test(sql.charAt(i))) i++;
      yield { kind: "param", text: sql.slice(start, i), start, end: i };
    } else if ((c === ":" || c === "@" || c === "$") && i + 1 < n && isIdent(sql.charAt(i + 1))) {
      i++;
      while (i < n && isIdent(sql.charAt(i))) i++;
      yield { kind: "param", text: sql.slice(start, i), start, end: i };
    } else if (isIdent(c)) {
      while (i < n && isIdent(sql.charAt(i))) i++;
      yield { kind: "word", text: sql.slice(start, i), start, end: i };
    } else {
      i++;
      yield { kind: "other", text: c, start, end: i };
    }
  }
}

/** The statements in `sql`, without empty ones; a CREATE TRIGGER body stays in one piece. */
function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let first: Token | null = null;
  let words: string[] = [];
  let previous: Token | null = null;
  for (const token of tokens(sql)) {
    if (token.kind === "semi") {
      const inTrigger = words[0] === "CREATE" && (words[1] === "TRIGGER" || words[2] === "TRIGGER");
      const endsTrigger = previous?.kind === "word" && previous.text.toUpperCase() === "END";
      if (first && (!inTrigger || endsTrigger)) {
        statements.push(sql.slice(first.start, token.start));
        first = null;
        words = [];
      }
    } else {
      first ??= token;
      if (words.length < 3 && token.kind === "word") words.push(token.text.toUpperCase());
    }
    previous = token;
  }
  if (first) statements.push(sql.slice(first.start));
  return statements;
}

type StatementInfo = {
  /** Parameter names by index (SQLite numbers them from 1); null for a bare `?`. */
  params: (string | null)[];
  kind: "insert" | "update-delete" | "other";
  firstKeyword: string;
  /** The statement's verb, looking past EXPLAIN and a WITH clause. */
  verb: string;
};

function analyzeStatement(sql: string): StatementInfo {
  const params: (string | null)[] = [];
  const named = new Map<string, number>();
  let depth = 0;
  let firstKeyword = "";
  let verb = "";
  for (const token of tokens(sql)) {
    if (token.kind === "param") {
      // SQLite's numbering: `?` takes the next index, `?NNN` that index, a name keeps the index
      // of its first use.
      if (token.text === "?") params.push(null);
      else if (token.text.startsWith("?")) {
        const index = Number(token.text.slice(1));
        while (params.length < index) params.push(null);
        params[index - 1] = token.text;
      } else if (!named.has(token.text)) {
        params.push(token.text);
        named.set(token.text, params.length);
      }
    } else if (token.kind === "other" && token.text === "(") depth++;
    else if (token.kind === "other" && token.text === ")") depth--;
    else if (token.kind === "word" && depth === 0 && !verb) {
      const word = token.text.toUpperCase();
      if (!firstKeyword) firstKeyword = word;
      if (word === "EXPLAIN") verb = "EXPLAIN";
      else if (firstKeyword !== "WITH" || statementVerbs.has(word)) verb = word;
    }
  }
  const kind =
    verb === "INSERT" || verb === "REPLACE"
      ? "insert"
      : verb === "UPDATE" || verb === "DELETE"
        ? "update-delete"
        : "other";
  return { params, kind, firstKeyword, verb };
}

const statementVerbs = new Set(["SELECT", "VALUES", "INSERT", "REPLACE", "UPDATE", "DELETE"]);

// ---------------------------------------------------------------------------------------------
// JSON shape checks: a malformed request is a protocol error, as in libsql-server.

function object(value: unknown, what: string): Obj {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new ProtocolError(`Expected an object for ${what}`);
  return value as Obj;
}

function array(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new ProtocolError(`Expected an array for ${what}`);
  return value;
}

function string(value: unknown, what: string): string {
  if (typeof value !== "string") throw new ProtocolError(`Expected a string for ${what}`);
  return value;
}

function optionalString(value: unknown, what: string): string | null {
  return value === undefined || value === null ? null : string(value, what);
}

function int32(value: unknown, what: string): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < -(2 ** 31) || value >= 2 ** 31) {
    throw new ProtocolError(`Expected a 32-bit integer for ${what}`);
  }
  return value;
}
