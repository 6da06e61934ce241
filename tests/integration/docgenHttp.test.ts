import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Engine } from "../../electron/engine/Engine.js";
import { cleanSection, docgenEngine, outlineOf, sectionIndexOf } from "../../electron/engine/testing/docgenTestKit.js";
import { ScriptedLlm, type ScriptedCallOptions } from "../../electron/engine/testing/ScriptedLlm.js";
import { createServer, type ScriptoriumServer } from "../../electron/server/createServer.js";

const TOKEN = "docgen-http-token-0123456789";
let engine: Engine;
let dataDir: string;
let server: ScriptoriumServer;

beforeAll(async () => {
  const llm = new ScriptedLlm({
    replies: {
      "writer.outline": outlineOf(2),
      "writer.section": (o: ScriptedCallOptions) => cleanSection(outlineOf(2).sections[sectionIndexOf(o)]!.title),
      reviewer: { violations: [] },
    },
  });
  ({ engine, dataDir } = await docgenEngine(llm));
  server = await createServer({ api: engine, token: TOKEN, port: 0 });
});
afterAll(async () => {
  await server.close();
  await engine.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const url = (p: string) => `http://127.0.0.1:${server.port}${p}`;
const auth = { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" };

describe("HTTP /api/docgen/*", () => {
  it("start → {session_id}; the SSE stream carries the workflow's events to done; state and versions follow", async () => {
    const res = await fetch(url("/api/docgen/start"), { method: "POST", headers: auth, body: JSON.stringify({ input_mode: "text", topic: "接口演示", context: "资料。" }) });
    expect(res.status).toBe(200);
    const { session_id } = (await res.json()) as { session_id: string };
    expect(session_id).toMatch(/^[0-9a-f-]{36}$/);
    const stream = await fetch(url(`/api/docgen/${session_id}/stream`), { headers: auth });
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const reader = stream.body!.getReader();
    const types: string[] = [];
    let buffer = "";
    while (!types.includes("done") && !types.includes("error")) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += new TextDecoder().decode(value);
      const blocks = buffer.split("\n\n");
      buffer = blocks.pop()!;
      for (const block of blocks) {
        const data = block.split("\n").find((l) => l.startsWith("data: "));
        if (data) types.push((JSON.parse(data.slice(6)) as { type: string }).type);
      }
    }
    await reader.cancel();
    expect(types.at(-1)).toBe("done");
    for (const t of ["connected", "doc_outline_ready", "section_done", "draft_chunk", "draft_ready", "module_review"]) expect(types).toContain(t);
    const state = (await (await fetch(url(`/api/docgen/${session_id}/state`), { headers: auth })).json()) as { session_id: string; values: Record<string, any> };
    expect(state.session_id).toBe(session_id);
    expect(state.values.modules).toHaveLength(6);
    expect(state.values.mermaid).toContain("review_content_style");
    const versions = (await (await fetch(url(`/api/docgen/${session_id}/versions`), { headers: auth })).json()) as { versions: unknown[] };
    expect(versions.versions).toHaveLength(1);
  });

  it("a bad start body is a 400 naming the field; nothing is created", async () => {
    const before = await engine.call("sessions.list", { workflow: "docgen" });
    for (const body of [{ input_mode: "text", topic: "x" }, { input_mode: "code", topic: "x" }, { input_mode: "poem", topic: "x" }, { input_mode: "text", topic: "", context: "y" }]) {
      const res = await fetch(url("/api/docgen/start"), { method: "POST", headers: auth, body: JSON.stringify(body) });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const err = (await res.json()) as { error?: { message: string }; message?: string };
      expect(JSON.stringify(err)).toMatch(/context|source_path|input_mode|topic/);
    }
    expect((await engine.call("sessions.list", { workflow: "docgen" })).sessions).toHaveLength(before.sessions.length);
  });
});
