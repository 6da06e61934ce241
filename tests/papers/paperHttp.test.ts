import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Engine } from "../../electron/engine/Engine.js";
import { ScriptedLlm } from "../../electron/engine/testing/ScriptedLlm.js";
import { createServer, type ScriptoriumServer } from "../../electron/server/createServer.js";
import { PAPER_TITLE, buildPaperPdf } from "./paperPdf.js";
import { paperEngine } from "./paperEngineKit.js";

const TOKEN = "paper-http-token-123";
let engine: Engine;
let dataDir: string;
let server: ScriptoriumServer;

async function post(route: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${server.url}${route}`, { method: "POST", headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}
async function get(route: string): Promise<Record<string, unknown>> {
  return (await (await fetch(`${server.url}${route}`, { headers: { authorization: `Bearer ${TOKEN}` } })).json()) as Record<string, unknown>;
}

beforeAll(async () => {
  const llm = new ScriptedLlm({
    replies: {
      "paper.metadata": { title: PAPER_TITLE, authors: [], year: 2023 },
      "paper.router": { intent: "chat", reason: "问答" },
      "paper.chat": "12 attention layers [p.2].",
      "paper.questioner": { questions: ["a?", "b?", "c?"] },
    },
  });
  ({ engine, dataDir } = await paperEngine(llm));
  server = await createServer({ api: engine, token: TOKEN });
});
afterAll(async () => {
  await server.close();
  await engine.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("paper over HTTP", () => {
  it("imports through /api/rpc/paper.import, then runs a session on /api/paper/* with document_id mapped to doc_id", async () => {
    const file = path.join(dataDir, "sparse.pdf");
    fs.writeFileSync(file, await buildPaperPdf());
    const imported = await post("/api/rpc/paper.import", { paths: [file] });
    expect(imported.status).toBe(200);
    const docId = (imported.json.papers as Array<{ doc_id: string }>)[0]!.doc_id;

    const started = await post("/api/paper/start", { document_id: docId, user_query: "How many attention layers?" });
    expect(started.status).toBe(200);
    const sessionId = String(started.json.session_id);
    await expect.poll(async () => (await get(`/api/paper/${sessionId}/state`)).pause, { timeout: 20_000 }).toMatchObject({ pausePoint: "await_question" });
    const state = await get(`/api/paper/${sessionId}/state`);
    const values = state.values as { doc_ids: string[]; answer: { answer: string; citations: Array<{ page: number }> } };
    expect(values.doc_ids).toEqual([docId]);
    expect(values.answer.citations[0]!.page).toBe(2);

    const wrong = await post(`/api/paper/${sessionId}/resume`, { action: "finalize" });
    expect(wrong.status).toBe(400);
    const ended = await post(`/api/paper/${sessionId}/resume`, { action: "end" });
    expect(ended.status).toBe(200);
    await expect.poll(async () => (await get(`/api/paper/${sessionId}/state`)).session, { timeout: 20_000 }).toMatchObject({ status: "done" });

    const bad = await post("/api/paper/start", { doc_id: docId });
    expect(bad.status).toBe(400);
    expect(String((bad.json.error as { message?: string } | undefined)?.message ?? bad.json.message)).toContain("user_query");
  });
});
