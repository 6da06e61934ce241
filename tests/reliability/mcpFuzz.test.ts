import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import Database from "better-sqlite3";
import fc from "fast-check";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { GenerateDocsInput, JobRef, ReviewDocInput } from "../../electron/engine/workflows/docgen/mcp/docgenTools.js";
import { ExportDocumentInput } from "../../electron/mcp/exportDocumentTool.js";
import { REPO_ROOT } from "./helpers/serverProcess.js";
import { chaosCount, chaosSeed } from "./helpers/seededRandom.js";

/**
 * The real MCP SDK client over stdio against `electron/mcp/main.ts` (in-process engine on a temp
 * data dir, no model): every tool the server lists gets malformed arguments from fast-check —
 * any JSON, its own keys with random values, extra keys, non-object arguments — plus hostile
 * paths for `review_doc` (a folder, a missing file, /dev/zero, a FIFO, a file over the size cap).
 * Every answer must be an MCP error (a JSON-RPC error or an `isError` tool result with a
 * message), the server must keep answering, and app.db must hold exactly the sessions and
 * settings it held before. Arguments the tool's own schema accepts are not sent (they would
 * start real work), except for the job tools, where a well-formed but unknown id must be refused.
 * Counts scale with CHAOS_MCP_RUNS.
 */
const RUNS = chaosCount("MCP_RUNS", 40);
const seed = chaosSeed();
const TOOL_SCHEMAS: Record<string, z.ZodType> = {
  generate_docs: GenerateDocsInput,
  review_doc: ReviewDocInput,
  docs_status: JobRef,
  docs_result: JobRef,
  docs_cancel: JobRef,
  export_document: ExportDocumentInput,
};
/** Tools whose well-formed input still fails (the job id names no job), so it is sent too. */
const JOB_TOOLS = new Set(["docs_status", "docs_result", "docs_cancel"]);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-mcp-fuzz-"));
const files = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-mcp-fuzz-files-"));
let client: Client;
let stderr = "";

/** What must not change: sessions and settings rows of app.db (read beside the running server). */
function snapshot(): unknown {
  const db = new Database(path.join(dataDir, "app.db"), { readonly: true, fileMustExist: true });
  try {
    return { sessions: db.prepare("SELECT * FROM sessions ORDER BY id").all(), settings: db.prepare("SELECT * FROM settings").all() };
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  client = new Client({ name: "mcp-fuzz", version: "1.0.0" });
  const env = { ...(process.env as Record<string, string>) };
  delete env.SCRIPTORIUM_URL;
  delete env.SCRIPTORIUM_TOKEN;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["--import", "tsx", path.join(REPO_ROOT, "electron", "mcp", "main.ts"), "--data-dir", dataDir],
    cwd: REPO_ROOT,
    env,
    stderr: "pipe",
  });
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  await client.connect(transport);
}, 120_000);

afterAll(async () => {
  await client?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(files, { recursive: true, force: true });
});

/** Calls a tool; resolves with "refused: <message>" for an MCP error, or the accepted result (a test failure). */
async function refusal(name: string, args: unknown): Promise<string> {
  try {
    const result = await client.callTool({ name, arguments: args as Record<string, unknown> }, { timeout: 30_000 });
    if (result.isError) {
      const text = (result.content as Array<{ type: string; text?: string }>).map((c) => c.text ?? "").join(" ");
      expect(text.trim().length, `${name} isError without a message`).toBeGreaterThan(0);
      return `refused: ${text}`;
    }
    return `ACCEPTED ${name} ${JSON.stringify(args).slice(0, 200)}: ${JSON.stringify(result).slice(0, 300)}`;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    // A JSON-RPC error from the server (invalid params, unknown tool) — not a dead transport or a timeout.
    expect(typeof code, `${name}: ${(error as Error).message}\n${stderr.slice(-2000)}`).toBe("number");
    expect([-32001, -32000].includes(code as number), `${name}: transport-level failure ${String(code)}: ${(error as Error).message}\n${stderr.slice(-2000)}`).toBe(false);
    return `refused: ${(error as Error).message}`;
  }
}

const json = fc.jsonValue({ maxDepth: 3 });
function argsArbitrary(schema: z.ZodType): fc.Arbitrary<unknown> {
  const shape = (schema as unknown as { shape?: Record<string, unknown>; _def?: { schema?: { shape?: Record<string, unknown> } } }).shape ?? {};
  const keys = Object.keys(shape);
  const keyArb = keys.length ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 12 })) : fc.string({ maxLength: 12 });
  return fc.oneof(
    json,
    fc.dictionary(keyArb, json, { maxKeys: 5 }),
    keys.length ? fc.record(Object.fromEntries(keys.map((key) => [key, json])), { requiredKeys: [] }) : json,
  );
}

describe(`MCP tools under malformed arguments (seed ${seed}, ${RUNS} per tool)`, () => {
  it("every tool: MCP errors only, the server keeps answering, app.db unchanged", async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name).sort();
    // A new tool fails here until it has a schema entry (and so a fuzzer).
    expect(names).toEqual(Object.keys(TOOL_SCHEMAS).sort());
    const before = snapshot();
    let sent = 0;
    for (const name of names) {
      const schema = TOOL_SCHEMAS[name]!;
      const samples = fc.sample(argsArbitrary(schema), { seed: seed + name.length, numRuns: RUNS });
      const nonObjects: unknown[] = [null, [], "x", 7, true, [{ topic: "t" }]];
      for (const args of [...nonObjects, ...samples]) {
        const isObject = typeof args === "object" && args !== null && !Array.isArray(args);
        if (isObject && schema.safeParse(args).success && !JOB_TOOLS.has(name)) continue;
        expect(await refusal(name, args)).toMatch(/^refused: /);
        sent++;
      }
    }
    expect(await refusal("no_such_tool", {})).toMatch(/^refused: /);
    console.log(`[mcpFuzz] ${names.length} tools, ${sent} malformed calls refused`);
    expect(snapshot()).toEqual(before);
    // Still serving.
    expect((await client.listTools()).tools.length).toBe(names.length);
  }, 300_000);

  it("review_doc's path: a folder, a missing file, /dev/zero, a FIFO, a file over the cap — refused with the reason, nothing started", async () => {
    const before = snapshot();
    const fifo = path.join(files, "pipe.md");
    execFileSync("mkfifo", [fifo]);
    const big = path.join(files, "big.md");
    fs.writeFileSync(big, "# 大文件\n\n" + "甲".repeat(500_000));
    for (const target of [files, path.join(files, "missing.md"), "/dev/zero", fifo, big]) {
      expect(await refusal("review_doc", { path: target, wait: false }), target).toMatch(/^refused: /);
    }
    expect(snapshot()).toEqual(before);
  }, 120_000);
});
