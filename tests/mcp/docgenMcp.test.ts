import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Engine } from "../../electron/engine/Engine.js";
import { cleanSection, docgenEngine, outlineOf, sectionIndexOf, writeFiles } from "../../electron/engine/testing/docgenTestKit.js";
import { tempDataDir } from "../../electron/engine/testing/engineTestKit.js";
import { ScriptedLlm, type ScriptedCallOptions } from "../../electron/engine/testing/ScriptedLlm.js";
import { createServer, type ScriptoriumServer } from "../../electron/server/createServer.js";

const TOKEN = "mcp-forward-token-0123456789";
let engine: Engine;
let dataDir: string;
let server: ScriptoriumServer;
let client: Client;
let slowSections = false;
const work = tempDataDir("mcp-work-");

/** A running "app" (real engine + loopback HTTP server, scripted LLM) that the MCP server forwards to. */
beforeAll(async () => {
  const llm = new ScriptedLlm({
    replies: {
      "scanner.action": { tool: "finish", args: {}, reason: "骨架足够" },
      "scanner.overview": { summary: "示例项目。", components: [], usage: "" },
      "writer.outline": outlineOf(2),
      "writer.section": async (o: ScriptedCallOptions) => {
        if (slowSections) await new Promise((r) => setTimeout(r, 30_000));
        return cleanSection(outlineOf(2).sections[sectionIndexOf(o)]!.title);
      },
      reviewer: { violations: [] },
    },
  });
  ({ engine, dataDir } = await docgenEngine(llm));
  server = await createServer({ api: engine, token: TOKEN, port: 0 });
  client = new Client({ name: "docgen-test", version: "1.0.0" });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.join(process.cwd(), "node_modules", "tsx", "dist", "cli.mjs"), path.join(process.cwd(), "electron", "mcp", "main.ts")],
    env: { ...(process.env as Record<string, string>), SCRIPTORIUM_URL: `http://127.0.0.1:${server.port}`, SCRIPTORIUM_TOKEN: TOKEN },
    stderr: "pipe",
  });
  await client.connect(transport);
}, 120_000);

afterAll(async () => {
  await client?.close();
  await server?.close();
  await engine?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
});

describe("MCP server over stdio (official client), forwarding to the running app", () => {
  it("lists the tools", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["docs_cancel", "docs_result", "docs_status", "export_document", "generate_docs", "review_doc"]);
  });

  it("export_document: a Markdown text as DOCX in the official layout, through documents.export", async () => {
    const result = await client.callTool({ name: "export_document", arguments: { markdown: "# 通知\n\n正文。[^1]\n\n[^1]: 依据。\n", format: "docx", template: "gb-t-9704" } });
    expect(result.isError).toBeFalsy();
    const file = result.structuredContent as { fileName: string; encoding: string; content: string };
    expect(file).toMatchObject({ fileName: "通知.docx", encoding: "base64" });
    expect(Buffer.from(file.content, "base64").subarray(0, 2).toString("latin1")).toBe("PK");
  });

  it("generate_docs runs to the end with increasing progress notifications and returns the document", async () => {
    const code = writeFiles(path.join(work, "proj"), { "package.json": JSON.stringify({ name: "demo" }), "index.js": "export function hi() {}\n" });
    const progress: number[] = [];
    const result = await client.callTool(
      { name: "generate_docs", arguments: { topic: "demo 文档", source_path: code, mode: "code" } },
      { onprogress: (p) => progress.push(p.progress), resetTimeoutOnProgress: true, timeout: 60_000 },
    );
    expect(result.isError).toBeFalsy();
    const out = result.structuredContent as { status: string; document: string; modules: unknown[]; job_id: string };
    expect(out.status).toBe("done");
    expect(out.document).toContain("# 演示文档");
    expect(out.modules).toHaveLength(6);
    expect(progress.length).toBeGreaterThan(3);
    for (let i = 1; i < progress.length; i++) expect(progress[i]!).toBeGreaterThan(progress[i - 1]!);
    // The run lives in the app: its session list has it.
    const sessions = await engine.call("sessions.list", { workflow: "docgen" });
    expect(sessions.sessions.map((s) => s.id)).toContain(out.job_id);
  });

  it("review_doc {markdown} and {path}; bad arguments are tool errors", async () => {
    const doc = "# 标题\n\n在LeanCloud上花了5000元。\n";
    const byText = await client.callTool({ name: "review_doc", arguments: { markdown: doc } });
    expect((byText.structuredContent as { document: string }).document).toBe("# 标题\n\n在 LeanCloud 上花了 5000 元。\n");
    const file = path.join(work, "doc.md");
    fs.writeFileSync(file, doc);
    const byPath = await client.callTool({ name: "review_doc", arguments: { path: file } });
    expect((byPath.structuredContent as { document: string }).document).toBe("# 标题\n\n在 LeanCloud 上花了 5000 元。\n");
    const both = await client.callTool({ name: "review_doc", arguments: { markdown: doc, path: file } });
    expect(both.isError).toBe(true);
    const badMode = await client.callTool({ name: "generate_docs", arguments: { topic: "x", mode: "code" } });
    expect(badMode.isError).toBe(true);
    expect(JSON.stringify(badMode.content)).toContain("source_path");
  });

  it("the portable pattern: start without waiting → job id, status with progress, result; cancelling a waiting call cancels the run", async () => {
    const started = await client.callTool({ name: "generate_docs", arguments: { topic: "异步", mode: "text", text: "资料。", wait: false } });
    const job = (started.structuredContent as { job_id: string }).job_id;
    let status = "running";
    for (let i = 0; i < 200 && status === "running"; i++) {
      const s = await client.callTool({ name: "docs_status", arguments: { job_id: job } });
      const view = s.structuredContent as { status: string; progress: { done: number } };
      status = view.status;
      if (status === "running") await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe("done");
    const result = await client.callTool({ name: "docs_result", arguments: { job_id: job } });
    expect((result.structuredContent as { document: string }).document).toContain("## 第一部分");

    slowSections = true;
    const controller = new AbortController();
    const call = client.callTool({ name: "generate_docs", arguments: { topic: "会被取消", mode: "text", text: "资料。" } }, { signal: controller.signal, timeout: 60_000 });
    let sessionId: string | undefined;
    for (let i = 0; i < 100 && !sessionId; i++) {
      await new Promise((r) => setTimeout(r, 100));
      sessionId = (await engine.call("sessions.list", { workflow: "docgen" })).sessions.find((s) => s.title === "会被取消" && s.status === "running")?.id;
    }
    expect(sessionId).toBeDefined();
    controller.abort();
    await expect(call).rejects.toThrow();
    let final = "running";
    for (let i = 0; i < 100 && final === "running"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      final = (await engine.call("run.state", { sessionId: sessionId! })).session.status;
    }
    expect(final).toBe("cancelled");
    slowSections = false;
  });
});
