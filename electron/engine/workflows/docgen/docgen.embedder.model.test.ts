import fs from "node:fs";
import path from "node:path";
import * as lancedb from "@lancedb/lancedb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTinyGguf } from "../../../../tests/fixtures/tinyGguf.js";
import { createAppEngine, type AppEngine } from "../../createAppEngine.js";
import { EmbeddingService } from "../../knowledge/EmbeddingService.js";
import { parseGuide } from "./rules/guideChunks.js";
import { RULES_CHARS } from "./review/findViolations.js";
import { runDocgen } from "../../testing/docgenTestKit.js";
import { tempDataDir } from "../../testing/engineTestKit.js";
import { ScriptedLlm } from "../../testing/ScriptedLlm.js";

/**
 * The app's wiring: docgen's `rules` table is embedded by the knowledge layer's embedder — the real
 * EmbeddingService on the tiny generated GGUF — loaded once and shared with knowledge search.
 * The review model is scripted (this test is about retrieval, not writing). A module whose rules
 * fit the prompt's rule budget gets them all without retrieval, so the guide here is the built-in
 * one plus a module whose rules overflow it: that module's review ranks its chunks by embedding.
 */
let engine: AppEngine;
let dataDir: string;
const llm = new ScriptedLlm({ replies: { reviewer: { violations: [] } } });
const loaded: EmbeddingService[] = [];
const builtinGuide = path.join(import.meta.dirname, "..", "..", "..", "..", "rules", "DOC_GUIDELINES.md");
let guideFile = "";

/** The built-in guide plus a module of semantic rules longer together than a review prompt's rule budget. */
function guideWithLongModule(): string {
  const rule = (n: number) =>
    [`### 9.${n} 长规则 ${n}`, "", "- 类型：semantic", `- 理由：${"说明每一步之前先交代目的，再给出操作，最后说明结果如何确认。".repeat(12)}`, ""].join("\n");
  const module = ["## long_rules（长规则）", "", ...Array.from({ length: Math.ceil(RULES_CHARS / 400) + 2 }, (_, i) => rule(i + 1))].join("\n");
  return `${fs.readFileSync(builtinGuide, "utf8").trimEnd()}\n\n${module}\n`;
}

beforeAll(async () => {
  const modelPath = await createTinyGguf();
  dataDir = tempDataDir("docgen-embedder-");
  guideFile = path.join(dataDir, "GUIDE_LONG.md");
  fs.writeFileSync(guideFile, guideWithLongModule());
  engine = await createAppEngine({
    dataDir,
    recover: false,
    eventFlushIntervalMs: 5,
    llm,
    knowledgeOptions: {
      loadEmbedder: async (context) => {
        const service = await EmbeddingService.load({ modelPath, db: context.db, contexts: 1, contextSize: 256, threads: 1 });
        loaded.push(service);
        return service;
      },
    },
  });
});

afterAll(async () => {
  await engine?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function ruleRows(): Promise<Array<{ model_id: string; guide_hash: string; chunk_id: string }>> {
  const db = await lancedb.connect(path.join(dataDir, "rules-index"));
  try {
    const table = await db.openTable("rules");
    const rows = (await table.query().select(["model_id", "guide_hash", "chunk_id"]).toArray()) as Array<{ model_id: string; guide_hash: string; chunk_id: string }>;
    table.close();
    return rows;
  } finally {
    db.close();
  }
}

describe("docgen rule retrieval on the knowledge layer's embedder (tiny GGUF)", () => {
  it("embeds the guide into the rules table with the shared model, loads it once, and does not re-embed an unchanged guide", async () => {
    const doc = "# 演示\n\n## 概述\n\n本文说明 API 的用法。\n";
    const first = await runDocgen(engine, { input_mode: "text", topic: "演示", context: doc, review_only: true, rules_file: guideFile });
    expect(first.events.at(-1)?.type).toBe("done");

    const guide = await parseGuide(fs.readFileSync(guideFile, "utf8"), path.basename(guideFile));
    expect(guide.chunks.filter((c) => c.moduleKey === "long_rules").reduce((n, c) => n + c.text.length, 0)).toBeGreaterThan(RULES_CHARS);
    const rows = await ruleRows();
    expect(loaded).toHaveLength(1);
    expect(rows.length).toBe(guide.chunks.length);
    expect(new Set(rows.map((r) => r.model_id))).toEqual(new Set([loaded[0]!.modelId]));
    expect(new Set(rows.map((r) => r.guide_hash))).toEqual(new Set([guide.hash]));

    // Every review prompt carries chunks retrieved for its module (the 【所属章节：模块 > 规则】 prefix).
    const reviews = llm.calls.filter((c) => c.tag?.role === "reviewer");
    expect(reviews.length).toBeGreaterThan(0);
    for (const call of reviews) {
      const name = /审查模块：(.+?)。/.exec(call.prompt)?.[1];
      expect(call.prompt).toContain(`【所属章节：${name} > `);
    }

    // Knowledge search embeds its query with the same loaded model: no second load.
    await engine.call("knowledge.search", { query: "排版规范", limit: 3 });
    expect(loaded).toHaveLength(1);

    const evaluations = loaded[0]!.modelEvaluations;
    const second = await runDocgen(engine, { input_mode: "text", topic: "再审", context: doc, review_only: true, rules_file: guideFile });
    expect(second.events.at(-1)?.type).toBe("done");
    expect((await ruleRows()).length).toBe(guide.chunks.length);
    // Only the module queries (cached by content after the first run) — no chunk was embedded again.
    expect(loaded[0]!.modelEvaluations).toBe(evaluations);
    expect(loaded).toHaveLength(1);
  });
});
