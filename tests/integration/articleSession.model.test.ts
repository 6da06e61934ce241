import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionState } from "../../shared/api.js";
import type { ArticleResume } from "../../shared/workflows/article.js";
import { SYSTEM_STREAM } from "../../shared/events.js";
import type { EngineEvent } from "../../shared/events.js";
import { createAppEngine, type AppEngine } from "../../electron/engine/createAppEngine.js";
import { ScriptedLlm } from "../../electron/engine/testing/ScriptedLlm.js";
import { sectionTitleOf } from "../../electron/engine/testing/articleTestKit.js";
import type { TestJsonServer } from "../../electron/engine/testing/testJsonServer.js";
import { createTinyGguf } from "../fixtures/tinyGguf.js";
import { INTRANET_KEY, intranetConfig, startIntranetMock } from "./intranetMock.js";
import { readZipEntry } from "./readZipEntry.js";

/**
 * The app as it runs, on real parts: the tiny GGUF embeds the library (llama.cpp), LanceDB and
 * SQLite store it, an intranet search server answers on 127.0.0.1. Only the writing LLM is the
 * scripted double, so the article path is deterministic.
 */
let dataDir: string;
let libraryDir: string;
let intranet: TestJsonServer;
let engine: AppEngine;
let llm: ScriptedLlm;
let ingestTaskId: string;

const TITLE = "离线写作的本地大模型";
const TABLE = "| 指标 | 本地模型 | 云端模型 |\n|---|---|---|\n| 推理速度 | 中等 |\n| 数据外泄风险 | 无 | 有 | 需审批 |\n";

const review = (score: number, issues: Array<{ severity: "major" | "minor"; location: string; issue: string; suggestion: string }> = []) => ({ score, issues });
const reject = review(55, [{ severity: "major", location: "数据对比", issue: "表格缺少来源", suggestion: "引用 m003" }]);

function script(): ScriptedLlm {
  return new ScriptedLlm({
    replies: {
      "system.intent": { article_type: "analysis", target_audience: "企业工程师", word_count_target: 800, key_questions: ["为什么离线", "效果如何"] },
      "researcher.keywords": { keywords: ["本地大模型", "离线写作"] },
      "writer.outline": {
        title: TITLE,
        sections: [
          { section_title: "背景", key_points: ["为何要离线"], material_ids: ["m001", "m002"] },
          { section_title: "数据对比", key_points: ["速度与风险"], material_ids: ["m003"] },
        ],
      },
      "writer.section": (options) =>
        sectionTitleOf(options.prompt) === "数据对比"
          ? `两种部署方式的对比见下表 [m003]。\n\n${TABLE}\n<script>alert("x")</script>\n\n[点我](javascript:alert(1))`
          : "企业内网越来越多地部署本地大模型 [m001]，离线写作因此可行 [m002]。",
      "editor.review_facts": [reject, review(92)],
      "editor.review_logic": [review(70), review(90)],
      "editor.review_language": [review(70), review(90)],
    },
  });
}

const DOCS: Record<string, string> = {
  "本地模型.md": "# 本地大模型部署\n\n本地大模型在企业内网中部署，数据不出内网。离线写作工具可以直接调用本地大模型生成文章。\n",
  "检索.md": "# 混合检索\n\n混合检索把向量检索与全文检索结合起来，中文分词采用二元组。知识库支持 Markdown 与 PDF。\n",
  "写作.md": "# 离线写作流程\n\n离线写作分为研究、写作与编辑三个阶段，每个阶段都可以人工确认。本地大模型负责起草。\n",
};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "app-article-"));
  libraryDir = path.join(dataDir, "library-src");
  fs.mkdirSync(libraryDir);
  for (const [name, text] of Object.entries(DOCS)) fs.writeFileSync(path.join(libraryDir, name), text);
  intranet = await startIntranetMock();
  llm = script();
  engine = await createAppEngine({ dataDir, llm, eventFlushIntervalMs: 5, providerDefaults: { maxAttempts: 1 }, knowledgeOptions: { batchSize: 8 } });
  const { model } = await engine.call("models.import", { path: await createTinyGguf() });
  await engine.call("models.select", { embeddingModel: model.id });
  await engine.call("providers.save", { config: intranetConfig(intranet.url), apiKey: INTRANET_KEY });
  // Every test below reads the library, so it is ingested once here; the first test checks how.
  ingestTaskId = (await engine.call("knowledge.ingest", { paths: [libraryDir] })).taskId;
  await engine.app.knowledge.idle();
});

afterAll(async () => {
  await engine?.dispose();
  await intranet?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** System-stream events (replayed, then live) up to the first one matching `predicate`. */
function systemEventsUntil(predicate: (event: EngineEvent) => boolean): Promise<EngineEvent[]> {
  return new Promise((resolve) => {
    const seen: EngineEvent[] = [];
    let found = false;
    const stop = engine.subscribe(SYSTEM_STREAM, 0, (event) => {
      if (found) return;
      seen.push(event);
      if (predicate(event)) {
        found = true;
        queueMicrotask(() => stop());
        resolve(seen);
      }
    });
  });
}

async function settle(sessionId: string): Promise<SessionState> {
  await engine.parts.runner.settled(sessionId);
  return engine.call("run.state", { sessionId });
}

async function resume(sessionId: string, payload: ArticleResume): Promise<SessionState> {
  await engine.call("run.resume", { sessionId, payload });
  return settle(sessionId);
}

describe("createAppEngine on real parts", () => {
  it("ingests a Chinese markdown folder in the background and finds it by hybrid search", async () => {
    const taskId = ingestTaskId;
    const { sources } = await engine.call("knowledge.sources", { collection: "library" });
    expect(sources.map((s) => path.basename(s.path)).sort()).toEqual(Object.keys(DOCS).sort());
    const isTask = (e: EngineEvent) => e.type === "progress" && e.task === taskId;
    const progress = (await systemEventsUntil((e) => isTask(e) && e.type === "progress" && e.done === 1 && e.total === 1)).filter((e): e is Extract<EngineEvent, { type: "progress" }> => e.type === "progress" && e.task === taskId);
    expect(progress.at(-1)).toMatchObject({ done: 1, total: 1, message: expect.stringMatching(/^ingested 3, unchanged 0, failed 0/) });

    const { materials } = await engine.call("knowledge.search", { query: "混合检索 中文分词", limit: 3 });
    expect(materials[0]?.content).toContain("混合检索");
    expect(materials.every((m) => m.source_type === "library")).toBe(true);
  });

  it("runs an article through all four pauses with library and intranet materials, then exports it", async () => {
    const { sessionId } = await engine.call("run.start", { workflow: "article", input: { intent: "写一篇关于企业用本地大模型离线写作的分析", locale: "zh" } });
    const p1 = await settle(sessionId);
    expect(p1.pause?.pausePoint).toBe("material_confirm");
    const materials = p1.values.materials as Array<{ id: string; title: string; source: string; source_type: string }>;
    expect(new Set(materials.map((m) => m.source_type))).toEqual(new Set(["library", "intranet"]));
    expect(intranet.requests.map((r) => JSON.parse(r.body).query)).toEqual(expect.arrayContaining(["本地大模型", "离线写作"]));

    expect((await resume(sessionId, { action: "confirm", approved_material_ids: materials.map((m) => m.id) })).pause?.pausePoint).toBe("outline_confirm");
    const p3 = await resume(sessionId, { action: "confirm" });
    expect(p3.pause?.pausePoint).toBe("draft_confirm");
    expect(p3.values.draft).toContain("[m003]");
    const p4 = await resume(sessionId, { action: "to_editor" });
    expect(p4.pause?.pausePoint).toBe("review_confirm");
    expect(p4.values.review).toMatchObject({ verdict: "reject" });
    const revised = await resume(sessionId, { action: "accept_review" });
    // PAUSE-3 after every draft: the revision comes back to the writer, who sends it to the editor again.
    expect(revised.pause?.pausePoint).toBe("draft_confirm");
    const reviewed = await resume(sessionId, { action: "to_editor" });
    expect(reviewed.pause?.pausePoint).toBe("draft_confirm");
    expect(reviewed.values.review).toMatchObject({ verdict: "pass" });
    const done = await resume(sessionId, { action: "finalize" });
    expect(done.session.status).toBe("done");
    const pauses = (await engine.call("events.list", { sessionId, afterSeq: 0 })).events.flatMap((e) => (e.type === "await_user" ? [e.pausePoint] : []));
    expect(new Set(pauses)).toEqual(new Set(["material_confirm", "outline_confirm", "draft_confirm", "review_confirm"]));

    const byId = new Map(materials.map((m) => [m.id, m]));
    const markdown = await engine.call("documents.export", { sessionId, format: "markdown" });
    expect(markdown).toMatchObject({ encoding: "utf8", mimeType: expect.stringContaining("text/markdown") });
    expect(markdown.fileName).toMatch(/-v2\.md$/);
    expect(markdown.content).toContain("## 参考资料");
    for (const id of ["m001", "m002", "m003"]) {
      const line = markdown.content.split("\n").find((l) => l.startsWith(`- [${id}] `));
      expect(line).toContain(byId.get(id)!.title);
      expect(line).toContain(`，${byId.get(id)!.source}`);
    }
    // The ragged table comes out square, citations unescaped.
    expect(markdown.content).toMatch(/\| 推理速度 +\| 中等 +\| +\|/);
    expect(markdown.content).toMatch(/\| 数据外泄风险 \| 无 +\| 有 需审批 \|/);
    expect(markdown.content).not.toContain("\\[m");

    const html = await engine.call("documents.export", { sessionId, format: "html" });
    expect(html.content).toMatch(/^<!doctype html>/);
    expect(html.content).toContain(`<h1>${TITLE}</h1>`);
    expect(html.content).toContain("<table>");
    expect(html.content).toContain("推理速度");
    expect(html.content).not.toMatch(/<script/i);
    expect(html.content).not.toMatch(/javascript:/i);

    const docx = await engine.call("documents.export", { sessionId, format: "docx" });
    expect(docx).toMatchObject({ encoding: "base64", mimeType: expect.stringContaining("wordprocessingml") });
    const zip = Buffer.from(docx.content, "base64");
    expect(zip.subarray(0, 2).toString("latin1")).toBe("PK");
    const documentXml = readZipEntry(zip, "word/document.xml")?.toString("utf8") ?? "";
    expect(documentXml).toContain(TITLE);
    expect(documentXml).toContain("<w:tbl>");
    for (const cell of ["指标", "推理速度", "中等", "数据外泄风险"]) expect(documentXml).toContain(cell);
    expect(documentXml).toContain(byId.get("m001")!.title);
  });
});
