import fs from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isMethodName } from "../../shared/api.js";
import { WORKFLOW_CONTRACTS } from "../../shared/workflows/registry.js";
import { createEngine } from "../../electron/engine/createEngine.js";
import type { Engine } from "../../electron/engine/Engine.js";
import { hangingLlm, tempDataDir } from "../../electron/engine/testing/engineTestKit.js";
import { ROUTES, type Route } from "../../electron/server/apiRoutes.js";
import { createServer, type ScriptoriumServer } from "../../electron/server/createServer.js";
import { HttpApi, type HttpAnswer } from "./helpers/httpApi.js";
import { CLIENT_ERROR_CODES, rawBodyArbitrary } from "./helpers/malformedPayloads.js";
import { chaosCount } from "./helpers/seededRandom.js";

/**
 * Malformed requests to EVERY route of the server's table (`ROUTES`), generated from the table
 * itself: a route a workflow registers (docgen, paper, …) is fuzzed the moment it exists, and a
 * route of a new shape fails here until it gets a fuzzer. Unknown session ids, unknown methods,
 * start bodies that fail the workflow's own start schema, hostile query strings: only client
 * errors with a message (4xx), the server keeps serving, and no session or setting changes.
 * (badPayloads.test.ts feeds each contract method's payloads over `/api/rpc/<method>` and IPC.)
 */
const RUNS = chaosCount("ROUTE_RUNS", 60);
const TOKEN = "route-fuzz-token-1234";

let dataDir: string;
let engine: Engine;
let server: ScriptoriumServer;
let http: HttpApi;
let before: unknown;

async function snapshot(): Promise<unknown> {
  return { sessions: await engine.call("sessions.list", {}), settings: await engine.call("settings.get", {}) };
}

beforeAll(async () => {
  dataDir = tempDataDir("scriptorium-route-fuzz-");
  engine = await createEngine({ dataDir, llm: hangingLlm() });
  server = await createServer({ api: engine, token: TOKEN });
  http = new HttpApi(server.url, TOKEN);
  before = await snapshot();
});
afterAll(async () => {
  await server?.close();
  await engine?.dispose();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

function expectClientError(answer: HttpAnswer, label: string): void {
  expect(answer.status, `${label} → ${answer.status} ${answer.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(answer.status, `${label} → ${answer.text.slice(0, 300)}`).toBeLessThan(500);
  const error = (answer.body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  expect(CLIENT_ERROR_CODES, label).toContain(error?.code);
  expect(typeof error?.message === "string" && error.message.length > 0, label).toBe(true);
}

/** A path segment that names no session (any text, URL-encoded, 1–120 characters). */
const fakeId = fc.string({ minLength: 1, maxLength: 120 });
const body = fc.oneof(fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? "null"), rawBodyArbitrary);
const fill = (pattern: string, value: string) => pattern.replace("{id}", encodeURIComponent(value)).replace("{method}", encodeURIComponent(value));
const startContract = (pattern: string) => Object.values(WORKFLOW_CONTRACTS).find((c) => pattern === `/api/${c.route}/start`);

/** The fuzzer for one route of the table, chosen by its shape; null when the shape is new. */
function fuzzerFor(route: Route): (() => Promise<void>) | null {
  const label = `${route.method} ${route.pattern}`;
  if (route.pattern.includes("{method}")) {
    return () =>
      fc.assert(
        fc.asyncProperty(fakeId.filter((name) => !isMethodName(name)), body, async (name, text) => {
          expectClientError(await http.request("POST", fill(route.pattern, name), text), `${label} ${JSON.stringify(name)}`);
        }),
        { numRuns: RUNS },
      );
  }
  if (route.pattern.includes("{id}")) {
    return () =>
      fc.assert(
        fc.asyncProperty(fakeId, body, async (id, text) => {
          const answer = await http.request(route.method, fill(route.pattern, id), route.method === "POST" ? text : undefined);
          expectClientError(answer, `${label} ${JSON.stringify(id)}`);
        }),
        { numRuns: RUNS },
      );
  }
  const contract = startContract(route.pattern);
  if (route.method === "POST" && contract) {
    return () =>
      fc.assert(
        fc.asyncProperty(body, async (text) => {
          let parsed: unknown;
          try {
            parsed = text.trim() === "" ? {} : (JSON.parse(text) as unknown);
          } catch {
            parsed = Symbol("not json");
          }
          fc.pre(typeof parsed === "symbol" || !contract.start.safeParse(parsed).success);
          expectClientError(await http.request("POST", route.pattern, text), `${label} ${text.slice(0, 200)}`);
        }),
        { numRuns: RUNS },
      );
  }
  if (route.method === "GET" && !route.pattern.includes("{")) {
    // No payload to get wrong: hostile query strings must not matter.
    return () =>
      fc.assert(
        fc.asyncProperty(fc.string({ maxLength: 60 }), async (query) => {
          const answer = await http.request("GET", `${route.pattern}?${encodeURIComponent(query)}=${encodeURIComponent(query)}`);
          expect(answer.status, `${label}?${query}`).toBe(200);
        }),
        { numRuns: Math.min(RUNS, 20) },
      );
  }
  return null;
}

describe(`malformed requests to every route of the table (${ROUTES.length} routes, ${RUNS} each)`, () => {
  it("every route has a fuzzer (a route of a new shape must get one here)", () => {
    expect(ROUTES.filter((route) => fuzzerFor(route) === null).map((r) => `${r.method} ${r.pattern}`)).toEqual([]);
    // Each workflow's six routes are in the table.
    for (const contract of Object.values(WORKFLOW_CONTRACTS)) {
      if (!ROUTES.some((r) => r.pattern === `/api/${contract.route}/start`)) continue; // not served over HTTP (yet)
      for (const tail of ["start", "{id}/stream", "{id}/resume", "{id}/state", "{id}/versions", "health"]) {
        expect(ROUTES.map((r) => r.pattern), contract.id).toContain(`/api/${contract.route}/${tail}`);
      }
    }
  });

  for (const route of ROUTES) {
    const fuzz = fuzzerFor(route);
    if (fuzz) it(`${route.method} ${route.pattern}`, fuzz, 120_000);
  }

  it("the server still serves and nothing changed", async () => {
    expect((await http.request("GET", "/api/health")).status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await snapshot()).toEqual(before);
  });
});
