import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Client, createClient, LibsqlError } from "@libsql/client/web";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HranaServer, startHranaServer } from "./hrana-server.ts";

// The local Hrana-over-HTTP endpoint, driven by the same client the Worker uses
// (@libsql/client/web), so the Worker runtime tests rest on a server that behaves like Turso.

const dir = mkdtempSync(join(tmpdir(), "hrana-test-"));
let server: HranaServer;
let client: Client;

beforeAll(async () => {
  server = await startHranaServer({ file: join(dir, "main.db") });
  client = createClient({ url: server.url });
});

afterAll(async () => {
  client?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw pipeline request, for what the client library does not expose. */
async function pipeline(base: string, body: object, version = 2) {
  const res = await fetch(`${base}/v${version}/pipeline`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    text,
    json: () => JSON.parse(text),
  };
}

describe("Hrana over HTTP endpoint", () => {
  it("answers the version probes the client may send", async () => {
    for (const path of ["/v2", "/v3"]) expect((await fetch(server.url + path)).status).toBe(200);
    // Not served, so a client probing for protobuf falls back to JSON.
    expect((await fetch(`${server.url}/v3-protobuf`)).status).toBe(404);
  });

  it("executes statements with positional and named arguments", async () => {
    await client.execute("CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER)");
    const inserted = await client.execute({
      sql: "INSERT INTO people (name, age) VALUES (?, ?)",
      args: ["Ayşe", 31],
    });
    expect(inserted.rowsAffected).toBe(1);
    expect(inserted.lastInsertRowid).toBe(1n);

    await client.execute({
      sql: "INSERT INTO people (name, age) VALUES (:name, $age)",
      args: { name: "Mehmet", age: 40 },
    });
    const rows = await client.execute({
      sql: "SELECT id, name, age, age * 2 AS twice FROM people WHERE age > @min ORDER BY id",
      args: { min: 30 },
    });
    expect(rows.columns).toEqual(["id", "name", "age", "twice"]);
    expect(rows.columnTypes).toEqual(["INTEGER", "TEXT", "INTEGER", ""]);
    expect(rows.rows.map((r) => ({ ...r }))).toEqual([
      { id: 1, name: "Ayşe", age: 31, twice: 62 },
      { id: 2, name: "Mehmet", age: 40, twice: 80 },
    ]);
    // A SELECT reports no affected rows and no rowid, even right after an INSERT.
    expect(rows.rowsAffected).toBe(0);
    expect(rows.lastInsertRowid).toBeUndefined();

    const updated = await client.execute({
      sql: "UPDATE people SET age = age + 1 WHERE id IN (?, ?)",
      args: [1, 2],
    });
    expect(updated.rowsAffected).toBe(2);
    expect(updated.lastInsertRowid).toBeUndefined();
    expect(server.openStreamCount()).toBe(0);
  });

  it("round-trips nulls, 64-bit integers, floats, text and blobs", async () => {
    const exact = createClient({ url: server.url, intMode: "bigint" });
    try {
      await exact.execute("CREATE TABLE vals (n, i INTEGER, f REAL, t TEXT, b BLOB)");
      const blob = new Uint8Array([0, 1, 2, 254, 255]);
      const big = 9007199254740993n; // 2^53 + 1: not representable as a double
      await exact.execute({
        sql: "INSERT INTO vals VALUES (?, ?, ?, ?, ?)",
        args: [null, big, 2.5, 'çay ☕ "quoted" end', blob],
      });
      const { rows } = await exact.execute("SELECT n, i, f, t, b, typeof(i) AS ti, typeof(f) AS tf FROM vals");
      const row = rows[0];
      expect(row?.n).toBeNull();
      expect(row?.i).toBe(big);
      expect(row?.f).toBe(2.5);
      expect(row?.t).toBe('çay ☕ "quoted" end');
      expect(new Uint8Array(row?.b as ArrayBuffer)).toEqual(blob);
      expect([row?.ti, row?.tf]).toEqual(["integer", "real"]);
      // A JS number travels as a float, as with Turso: an INTEGER column's affinity makes it 7.
      const { rows: typed } = await exact.execute({
        sql: "SELECT typeof(?) AS a, typeof(?) AS b",
        args: [7, 7n],
      });
      expect({ ...typed[0] }).toEqual({ a: "real", b: "integer" });
    } finally {
      exact.close();
    }
  });

  it("runs a batch atomically and rolls it back when a statement fails", async () => {
    await client.execute("CREATE TABLE accounts (id INTEGER PRIMARY KEY, owner TEXT UNIQUE NOT NULL)");
    const results = await client.batch(
      [
        { sql: "INSERT INTO accounts (owner) VALUES (?)", args: ["a"] },
        { sql: "INSERT INTO accounts (owner) VALUES (?)", args: ["b"] },
        "SELECT count(*) AS n FROM accounts",
      ],
      "write",
    );
    expect(results.map((r) => r.rowsAffected)).toEqual([1, 1, 0]);
    expect(results[2]?.rows[0]?.n).toBe(2);

    const failing = client.batch(
      [
        { sql: "INSERT INTO accounts (owner) VALUES (?)", args: ["c"] },
        { sql: "INSERT INTO accounts (owner) VALUES (?)", args: ["a"] },
      ],
      "write",
    );
    await expect(failing).rejects.toMatchObject({ code: "SQLITE_CONSTRAINT" });
    const { rows } = await client.execute("SELECT owner FROM accounts ORDER BY owner");
    expect(rows.map((r) => r.owner)).toEqual(["a", "b"]);
    expect(server.openStreamCount()).toBe(0);
  });

  it("keeps a write transaction on one stream across requests, for commit and rollback", async () => {
    await client.execute("CREATE TABLE ledger (id INTEGER PRIMARY KEY, amount INTEGER NOT NULL)");
    const other = createClient({ url: server.url });
    try {
      const tx = await client.transaction("write");
      await tx.execute({ sql: "INSERT INTO ledger (amount) VALUES (?)", args: [100] });
      await tx.execute({ sql: "INSERT INTO ledger (amount) VALUES (?)", args: [-30] });
      const inside = await tx.execute("SELECT sum(amount) AS total FROM ledger");
      expect(inside.rows[0]?.total).toBe(70);
      expect(server.openStreamCount()).toBe(1);
      // Another stream does not see uncommitted rows.
      expect((await other.execute("SELECT count(*) AS n FROM ledger")).rows[0]?.n).toBe(0);
      await tx.commit();
      expect((await other.execute("SELECT sum(amount) AS total FROM ledger")).rows[0]?.total).toBe(70);

      const undone = await client.transaction("write");
      await undone.execute({ sql: "INSERT INTO ledger (amount) VALUES (?)", args: [999] });
      await undone.rollback();
      expect((await other.execute("SELECT count(*) AS n FROM ledger")).rows[0]?.n).toBe(2);
      expect(server.openStreamCount()).toBe(0);
    } finally {
      other.close();
    }
  });

  it("lets a second writer wait for the first transaction instead of failing at once", async () => {
    await client.execute("CREATE TABLE counter (n INTEGER NOT NULL)");
    await client.execute("INSERT INTO counter VALUES (0)");
    const tx = await client.transaction("write");
    await tx.execute("UPDATE counter SET n = n + 1");
    const waiting = client.execute("UPDATE counter SET n = n + 10");
    await new Promise((wake) => setTimeout(wake, 50));
    await tx.commit();
    await waiting;
    expect((await client.execute("SELECT n FROM counter")).rows[0]?.n).toBe(11);
  });

  it("turns SQL errors into LibsqlError with libsql-server's codes", async () => {
    const cases: [string, string, RegExp][] = [
      ["SELECT * FROM no_such_table", "SQL_INPUT_ERROR", /no such table: no_such_table/],
      ["SELEC 1", "SQL_PARSE_ERROR", /syntax error/],
      ["SELECT 1; SELECT 2", "SQL_MANY_STATEMENTS", /more than one statement/],
      ["  -- nothing\n", "SQL_NO_STATEMENT", /does not contain any statement/],
    ];
    for (const [sql, code, message] of cases) {
      const error = await client.execute(sql).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LibsqlError);
      expect(error).toMatchObject({ code });
      expect((error as Error).message).toMatch(message);
    }
    await client.execute("CREATE TABLE uniq (v TEXT UNIQUE)");
    await client.execute("INSERT INTO uniq VALUES ('x')");
    await expect(client.execute("INSERT INTO uniq VALUES ('x')")).rejects.toMatchObject({
      code: "SQLITE_CONSTRAINT",
      message: expect.stringMatching(/UNIQUE constraint failed: uniq\.v/),
    });
    await expect(client.execute({ sql: "SELECT ?", args: [1, 2] })).rejects.toMatchObject({
      code: "ARGS_INVALID",
    });
    await expect(client.execute({ sql: "SELECT :a, :b", args: { a: 1 } })).rejects.toMatchObject({
      code: "ARGS_INVALID",
    });
    expect(server.openStreamCount()).toBe(0);
  });

  it("runs a sequence of statements (executeMultiple), including a trigger body", async () => {
    await client.executeMultiple(`
      CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT);
      CREATE TABLE item_log (item_id INTEGER, note TEXT);
      CREATE TRIGGER items_log AFTER INSERT ON items BEGIN
        INSERT INTO item_log VALUES (new.id, 'added; with a semicolon');
      END;
      INSERT INTO items (name) VALUES ('first');
    `);
    const { rows } = await client.execute("SELECT item_id, note FROM item_log");
    expect(rows.map((r) => ({ ...r }))).toEqual([{ item_id: 1, note: "added; with a semicolon" }]);
  });

  it("rejects a reused, forged or unknown baton and returns none after close", async () => {
    const opened = await pipeline(server.url, {
      baton: null,
      requests: [{ type: "execute", stmt: { sql: "SELECT 1" } }],
    });
    expect(opened.status).toBe(200);
    const { baton, results } = opened.json();
    expect(results[0]).toMatchObject({
      type: "ok",
      response: { type: "execute", result: { rows: [[{ type: "integer", value: "1" }]] } },
    });
    expect(typeof baton).toBe("string");

    const next = await pipeline(server.url, { baton, requests: [{ type: "get_autocommit" }] }, 3);
    expect(next.json().results[0]).toEqual({
      type: "ok",
      response: { type: "get_autocommit", is_autocommit: true },
    });
    const reused = await pipeline(server.url, { baton, requests: [{ type: "close" }] });
    expect([reused.status, reused.type, reused.text]).toEqual([
      400,
      "text/plain",
      "Received a baton that has already been used",
    ]);

    const forged = await pipeline(server.url, {
      baton: `${baton.slice(0, -4)}AAAA`,
      requests: [{ type: "close" }],
    });
    expect([forged.status, forged.text]).toEqual([400, "Received an invalid baton"]);

    const fresh = await pipeline(server.url, {
      baton: null,
      requests: [{ type: "close" }, { type: "execute", stmt: { sql: "SELECT 1" } }],
    });
    expect([fresh.status, fresh.text]).toEqual([400, "Stream for this baton was closed"]);
    const closed = await pipeline(server.url, { baton: null, requests: [{ type: "close" }] });
    expect(closed.json()).toEqual({
      baton: null,
      base_url: null,
      results: [{ type: "ok", response: { type: "close" } }],
    });
  });

  it("evaluates batch conditions and stored SQL like the spec says", async () => {
    const res = await pipeline(
      server.url,
      {
        baton: null,
        requests: [
          { type: "store_sql", sql_id: 1, sql: "SELECT ? AS v" },
          {
            type: "batch",
            batch: {
              steps: [
                { stmt: { sql_id: 1, args: [{ type: "text", value: "first" }] } },
                { stmt: { sql: "SELECT * FROM missing" } },
                {
                  condition: { type: "error", step: 1 },
                  stmt: { sql: "SELECT 'ran after error'" },
                },
                { condition: { type: "ok", step: 1 }, stmt: { sql: "SELECT 'skipped'" } },
                { condition: { type: "error", step: 3 }, stmt: { sql: "SELECT 'skipped too'" } },
                {
                  condition: {
                    type: "and",
                    conds: [
                      { type: "ok", step: 0 },
                      { type: "not", cond: { type: "ok", step: 3 } },
                    ],
                  },
                  stmt: { sql: "SELECT 'and/not'" },
                },
                { condition: { type: "is_autocommit" }, stmt: { sql: "SELECT 'autocommit'" } },
              ],
            },
          },
          { type: "close_sql", sql_id: 1 },
          { type: "close" },
        ],
      },
      3,
    );
    const batch = res.json().results[1].response.result;
    expect(batch.step_results.map((r: { rows?: unknown[][] } | null) => (r ? r.rows?.[0] : null))).toEqual([
      [{ type: "text", value: "first" }],
      null,
      [{ type: "text", value: "ran after error" }],
      null,
      null,
      [{ type: "text", value: "and/not" }],
      [{ type: "text", value: "autocommit" }],
    ]);
    expect(batch.step_errors[1]).toEqual({
      message: "SQL input error: no such table: missing",
      code: "SQL_INPUT_ERROR",
    });
    expect(batch.step_errors.filter(Boolean)).toHaveLength(1);

    // is_autocommit and get_autocommit are Hrana 3: on /v2 they break the protocol.
    const v2 = await pipeline(server.url, { baton: null, requests: [{ type: "get_autocommit" }] });
    expect(v2.status).toBe(400);
  });

  it("streams a batch through a v3 cursor and describes statements", async () => {
    const res = await fetch(`${server.url}/v3/cursor`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        baton: null,
        batch: {
          steps: [{ stmt: { sql: "SELECT 1 AS one, 'x' AS two" } }, { stmt: { sql: "SELECT * FROM missing" } }],
        },
      }),
    });
    const lines = (await res.text())
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines[0]).toMatchObject({ base_url: null, baton: expect.any(String) });
    expect(lines.slice(1)).toEqual([
      {
        type: "step_begin",
        step: 0,
        cols: [
          { name: "one", decltype: null },
          { name: "two", decltype: null },
        ],
      },
      {
        type: "row",
        row: [
          { type: "integer", value: "1" },
          { type: "text", value: "x" },
        ],
      },
      { type: "step_end", affected_row_count: 0, last_insert_rowid: null },
      {
        type: "step_error",
        step: 1,
        error: { message: "SQL input error: no such table: missing", code: "SQL_INPUT_ERROR" },
      },
    ]);

    const described = await pipeline(server.url, {
      baton: lines[0].baton,
      requests: [{ type: "describe", sql: "SELECT name FROM people WHERE id = :id AND age > ?" }, { type: "close" }],
    });
    expect(described.json().results[0].response.result).toEqual({
      params: [{ name: ":id" }, { name: null }],
      cols: [{ name: "name", decltype: "TEXT" }],
      is_explain: false,
      is_readonly: true,
    });
  });

  it("expires an idle stream and rolls its transaction back", async () => {
    const file = join(dir, "expiry.db");
    const short = await startHranaServer({ file, streamIdleMs: 100 });
    const c = createClient({ url: short.url });
    try {
      await c.execute("CREATE TABLE t (x)");
      const tx = await c.transaction("write");
      await tx.execute("INSERT INTO t VALUES (1)");
      await new Promise((wake) => setTimeout(wake, 400));
      expect(short.openStreamCount()).toBe(0);
      await expect(tx.execute("INSERT INTO t VALUES (2)")).rejects.toMatchObject({
        code: "STREAM_EXPIRED",
        message: expect.stringMatching(/expired due to inactivity/),
      });
      tx.close();
      expect((await c.execute("SELECT count(*) AS n FROM t")).rows[0]?.n).toBe(0);
    } finally {
      c.close();
      await short.close();
    }
  });

  it("requires the auth token when one is configured, as Turso does", async () => {
    const guarded = await startHranaServer({
      file: join(dir, "auth.db"),
      authToken: "s3cret-token",
    });
    const anonymous = createClient({ url: guarded.url });
    const wrong = createClient({ url: guarded.url, authToken: "nope" });
    const authorised = createClient({ url: guarded.url, authToken: "s3cret-token" });
    try {
      await expect(anonymous.execute("SELECT 1")).rejects.toMatchObject({ code: "SERVER_ERROR" });
      await expect(wrong.execute("SELECT 1")).rejects.toMatchObject({
        message: expect.stringMatching(/401/),
      });
      expect((await authorised.execute("SELECT 42 AS answer")).rows[0]?.answer).toBe(42);
    } finally {
      for (const c of [anonymous, wrong, authorised]) c.close();
      await guarded.close();
    }
  });
});
