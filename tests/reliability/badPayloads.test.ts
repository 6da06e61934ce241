import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import type { IpcMain } from "electron";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API, IPC_SUBSCRIBE_CHANNEL, IPC_UNSUBSCRIBE_CHANNEL, METHOD_NAMES, ipcChannel } from "../../shared/api.js";
import type { MethodName } from "../../shared/api.js";
import { ArticleResumeSchema, ArticleStartInputSchema } from "../../shared/workflows/article.js";
import { createEngine } from "../../electron/engine/createEngine.js";
import type { Engine } from "../../electron/engine/Engine.js";
import { ArticleScriptLlm, FakeSearch } from "../../electron/engine/testing/articleTestKit.js";
import { SubscribeRequestSchema, UnsubscribeRequestSchema } from "../../electron/main/ipcMessages.js";
import type { IpcResult } from "../../electron/main/ipcMessages.js";
import { registerIpc } from "../../electron/main/registerIpc.js";
import { createServer } from "../../electron/server/createServer.js";
import type { ScriptoriumServer } from "../../electron/server/createServer.js";
import { HttpApi } from "./helpers/httpApi.js";
import type { HttpAnswer } from "./helpers/httpApi.js";
import { CLIENT_ERROR_CODES, isWellFormed, mustBeRefused, payloadArbitrary, rawBodyArbitrary } from "./helpers/malformedPayloads.js";
import { chaosCount } from "./helpers/seededRandom.js";

/**
 * fast-check feeds malformed payloads to every HTTP route (each `POST /api/rpc/<method>` and the
 * `/api/ai-writing/*` routes) and every IPC channel (registerIpc on a fake ipcMain), all over one
 * real engine (SQLite on a temp dir) that holds a real paused article session. Every answer must
 * be a client error with a message (4xx / `{ok:false}`), never a 5xx or `internal`, the server
 * must keep serving, and sessions and settings must be exactly as before.
 * Counts per route/channel scale with CHAOS_PAYLOAD_RUNS (the chaos runner raises it).
 */
const HTTP_RUNS = chaosCount("PAYLOAD_RUNS", 120);
const IPC_RUNS = chaosCount("PAYLOAD_RUNS", 120) * 2;

let dataDir: string;
let engine: Engine;
let server: ScriptoriumServer;
let http: HttpApi;
let realSessionId: string;
let before: unknown;

async function snapshot(): Promise<unknown> {
  const sessions = await engine.call("sessions.list", {});
  const settings = await engine.call("settings.get", {});
  const events = await engine.call("events.list", { sessionId: realSessionId, afterSeq: 0 });
  return { sessions, settings, lastSeq: events.events.at(-1)?.seq };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-bad-payloads-"));
  engine = await createEngine({ dataDir, llm: new ArticleScriptLlm(), search: new FakeSearch(), eventFlushIntervalMs: 5 });
  server = await createServer({ api: engine, token: "payload-token-1234" });
  http = new HttpApi(server.url, "payload-token-1234");
  realSessionId = (await engine.call("run.start", { workflow: "article", input: { intent: "Bad payload target", locale: "en" } })).sessionId;
  await engine.parts.runner.settled(realSessionId);
  expect((await engine.call("run.state", { sessionId: realSessionId })).pause?.pausePoint).toBe("material_confirm");
  before = await snapshot();
});

afterAll(async () => {
  await server?.close();
  await engine?.dispose();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

function expectClientError(answer: HttpAnswer, label: string): void {
  expect(answer.status, `${label} → ${answer.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(answer.status, `${label} → ${answer.text.slice(0, 300)}`).toBeLessThan(500);
  const error = (answer.body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  expect(CLIENT_ERROR_CODES, label).toContain(error?.code);
  expect(typeof error?.message === "string" && error.message.length > 0, label).toBe(true);
}

/** A path segment that is not a real session id (any text, URL-encoded). */
const fakeId = fc.string({ maxLength: 120 }).filter((id) => id !== realSessionId);
/** A Last-Event-ID that is not a non-negative integer (printable ASCII, as fetch allows). */
const badCursor = fc.stringMatching(/^[ -~]{0,20}$/).filter((text) => !/^\d{1,15}$/.test(text.trim()));

describe(`bad payloads over HTTP (${HTTP_RUNS} per route)`, () => {
  for (const method of METHOD_NAMES) {
    it(`POST /api/rpc/${method}: ${HTTP_RUNS} malformed bodies → 4xx`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(payloadArbitrary(method).map((p) => ({ body: JSON.stringify(p) ?? "", payload: p as unknown })), rawBodyArbitrary.map((body) => ({ body, payload: undefined as unknown }))), async ({ body, payload }) => {
          let parsedBody: unknown = payload;
          try {
            parsedBody = body.trim() === "" ? {} : (JSON.parse(body) as unknown);
          } catch {
            parsedBody = Symbol("not json");
          }
          fc.pre(typeof parsedBody === "symbol" || mustBeRefused(method, parsedBody, realSessionId));
          expectClientError(await http.request("POST", `/api/rpc/${method}`, body), `${method} ${body.slice(0, 200)}`);
        }),
        { numRuns: HTTP_RUNS },
      );
    });
  }

  it(`POST /api/ai-writing/start: ${HTTP_RUNS} malformed bodies → 400`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(payloadArbitrary("run.start").map((p) => JSON.stringify(p) ?? ""), fc.jsonValue().map((v) => JSON.stringify(v)), rawBodyArbitrary), async (body) => {
        let parsed: unknown;
        try {
          parsed = body.trim() === "" ? {} : (JSON.parse(body) as unknown);
        } catch {
          parsed = undefined;
        }
        fc.pre(parsed === undefined || !ArticleStartInputSchema.safeParse(parsed).success);
        expectClientError(await http.request("POST", "/api/ai-writing/start", body), `start ${body.slice(0, 200)}`);
      }),
      { numRuns: HTTP_RUNS },
    );
  });

  it(`POST /api/ai-writing/{id}/resume: ${HTTP_RUNS} bad ids or payloads (the real paused session included) → 4xx`, async () => {
    const resumePayload = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.record({ action: fc.oneof(fc.constantFrom("confirm", "re_outline", "finalize", "to_editor", "force_finalize", "re_search"), fc.string()), extra_keywords: fc.jsonValue() }, { requiredKeys: ["action"] }),
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(fakeId, fc.constant(realSessionId)), resumePayload, async (id, payload) => {
        if (id === realSessionId) {
          // Only what the real pause must refuse: malformed, or an action material_confirm does not allow.
          const parsed = ArticleResumeSchema.safeParse(payload);
          fc.pre(!parsed.success || !["confirm", "re_search", "add_material"].includes(parsed.data.action));
        }
        expectClientError(await http.request("POST", `/api/ai-writing/${encodeURIComponent(id)}/resume`, JSON.stringify(payload) ?? ""), `resume ${id}`);
      }),
      { numRuns: HTTP_RUNS },
    );
  });

  for (const route of ["state", "versions", "stream"]) {
    it(`GET /api/ai-writing/{id}/${route}: ${HTTP_RUNS} unknown ids → 4xx`, async () => {
      await fc.assert(
        fc.asyncProperty(fakeId, async (id) => {
          expectClientError(await http.request("GET", `/api/ai-writing/${encodeURIComponent(id)}/${route}`), `${route} ${JSON.stringify(id)}`);
        }),
        { numRuns: HTTP_RUNS },
      );
    });
  }

  it(`GET /api/sessions/{id}/stream: ${HTTP_RUNS} malformed Last-Event-ID on the real session → 400`, async () => {
    await fc.assert(
      fc.asyncProperty(badCursor, async (cursor) => {
        expectClientError(await http.request("GET", `/api/sessions/${realSessionId}/stream`, undefined, { "Last-Event-ID": cursor }), `cursor ${JSON.stringify(cursor)}`);
      }),
      { numRuns: HTTP_RUNS },
    );
  });

  it("the server still serves, nothing was polluted, and sessions and settings are unchanged", async () => {
    expect((await http.request("GET", "/api/health")).status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await snapshot()).toEqual(before);
  });
});

type Handler = (event: unknown, payload: unknown) => Promise<IpcResult>;

describe(`bad payloads over IPC (${IPC_RUNS} per channel)`, () => {
  const handlers = new Map<string, Handler>();
  const sender = { send: () => undefined, isDestroyed: () => false, once: () => undefined, on: () => undefined };
  const invoke = async (channel: string, payload: unknown): Promise<IpcResult> => {
    const handler = handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return handler({ sender, senderFrame: { url: "app://scriptorium/index.html" } }, structuredClone(payload));
  };
  let unregister: () => void = () => undefined;

  beforeAll(() => {
    const ipcMain = {
      handle: (channel: string, fn: Handler) => handlers.set(channel, fn),
      removeHandler: (channel: string) => handlers.delete(channel),
    } as unknown as IpcMain;
    unregister = registerIpc(engine, ipcMain);
  });
  afterAll(() => unregister());

  const expectRefused = (result: IpcResult, label: string): void => {
    expect(result.ok, label).toBe(false);
    if (result.ok) return;
    expect(CLIENT_ERROR_CODES, `${label} → ${JSON.stringify(result.error).slice(0, 300)}`).toContain(result.error.code);
    expect(result.error.message.length, label).toBeGreaterThan(0);
  };

  for (const method of METHOD_NAMES) {
    it(`${ipcChannel(method)}: ${IPC_RUNS} malformed payloads → {ok:false}`, async () => {
      await fc.assert(
        fc.asyncProperty(payloadArbitrary(method as MethodName), async (payload) => {
          // The IPC adapter reads a missing payload as {}.
          fc.pre(mustBeRefused(method, payload ?? {}, realSessionId));
          expectRefused(await invoke(ipcChannel(method), payload), `${method} ${JSON.stringify(payload)?.slice(0, 200)}`);
        }),
        { numRuns: IPC_RUNS },
      );
    });
  }

  it(`${IPC_SUBSCRIBE_CHANNEL} / ${IPC_UNSUBSCRIBE_CHANNEL}: ${IPC_RUNS} malformed payloads → {ok:false}`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue({ maxDepth: 3 }),
          fc.record({ subscriptionId: fc.jsonValue(), sessionId: fc.oneof(fakeId, fc.jsonValue()), afterSeq: fc.jsonValue() }, { requiredKeys: [] }),
        ),
        async (payload) => {
          const subscribe = SubscribeRequestSchema.safeParse(payload);
          // Well formed with a real session would subscribe; with an unknown one it must be not_found.
          fc.pre(!subscribe.success || subscribe.data.sessionId !== realSessionId);
          expectRefused(await invoke(IPC_SUBSCRIBE_CHANNEL, payload), `subscribe ${JSON.stringify(payload)?.slice(0, 200)}`);
          if (!UnsubscribeRequestSchema.safeParse(payload).success)
            expectRefused(await invoke(IPC_UNSUBSCRIBE_CHANNEL, payload), `unsubscribe ${JSON.stringify(payload)?.slice(0, 200)}`);
        },
      ),
      { numRuns: IPC_RUNS },
    );
  });

  it("sessions and settings are unchanged after the IPC barrage, and a valid call still works", async () => {
    expect(await snapshot()).toEqual(before);
    const result = await invoke(ipcChannel("run.state"), { sessionId: realSessionId });
    expect(result).toMatchObject({ ok: true, value: { session: { status: "paused" } } });
    expect(isWellFormed("run.state", { sessionId: realSessionId })).toBe(true);
    expect(Object.keys(API)).toHaveLength(METHOD_NAMES.length);
  });
});
