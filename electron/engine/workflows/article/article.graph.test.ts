import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Command, MemorySaver } from "@langchain/langgraph";
import { afterEach, describe, expect, it } from "vitest";
import type { DraftVersion } from "../../../../shared/documents.js";
import { SettingsSchema } from "../../../../shared/models.js";
import type { VersionStore } from "../WorkflowDefinition.js";
import type { ArticleDeps } from "./ArticleDeps.js";
import { ArticleScriptLlm, FakeSearch } from "../../testing/articleTestKit.js";
import { buildArticleGraph } from "./graph.js";

/** Versions in memory: enough for the graph-level tests, which run without the engine. */
class MemoryVersions implements VersionStore {
  readonly rows: Array<{ version: DraftVersion; markdown: string }> = [];
  add(_sessionId: string, draft: { markdown: string; reason: DraftVersion["reason"] }): DraftVersion {
    const version = { number: this.rows.length + 1, reason: draft.reason, created_at: new Date(0).toISOString(), scores: null, chars: draft.markdown.length };
    this.rows.push({ version, markdown: draft.markdown });
    return version;
  }
  list() {
    return this.rows.map((r) => r.version);
  }
  get(_s: string, number: number) {
    return this.rows[number - 1] ?? null;
  }
  latest() {
    return this.rows.at(-1) ?? null;
  }
  setScores(_s: string, number: number, scores: NonNullable<DraftVersion["scores"]>) {
    const row = this.rows[number - 1];
    if (row) row.version = { ...row.version, scores };
  }
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function drain(stream: AsyncIterable<unknown>): Promise<unknown[]> {
  const chunks: unknown[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

describe("article graph (no engine)", () => {
  it("a crash mid-draft does not redo finished sections when the run continues", async () => {
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), "article-cache-"));
    dirs.push(cache);
    const llm = new ArticleScriptLlm();
    const versions = new MemoryVersions();
    const services: ArticleDeps = { llm, search: new FakeSearch(), versions, settings: () => SettingsSchema.parse({}), cacheDir: () => cache };
    const graph = buildArticleGraph(services, new MemorySaver());
    const config = { configurable: { thread_id: "s1" }, streamMode: ["custom", "updates"] as Array<"custom" | "updates"> };
    await drain(await graph.stream({ input: { intent: "Write about local AI", locale: "en" } }, config));
    await drain(await graph.stream(new Command({ resume: { action: "confirm" } }), config));
    llm.script.failSectionOnce.add("Body");
    await expect(drain(await graph.stream(new Command({ resume: { action: "confirm" } }), config))).rejects.toThrow(/scripted crash in section Body/);
    expect(llm.callsOf("writer", "section").map((c) => /Section \d of 3: (\w+)/.exec(c.prompt)?.[1]).sort()).toEqual(["End", "Intro"]);
    expect(fs.readdirSync(cache).sort()).toEqual(["section_0.md", "section_2.md"]);
    expect(versions.rows).toHaveLength(0);

    const chunks = await drain(await graph.stream(null, config));
    // Only the failed section is generated again; the cached ones are reused verbatim.
    expect(llm.callsOf("writer", "section")).toHaveLength(3);
    expect(versions.rows.map((r) => r.version.reason)).toEqual(["initial"]);
    const state = await graph.getState(config);
    expect(state.tasks.some((t) => t.interrupts.length)).toBe(true);
    expect(state.values.draft).toContain("Text about Body");
    expect(state.values.draft).toContain("Text about Intro");
    const drafted = chunks.filter((c) => Array.isArray(c) && c[0] === "custom" && (c[1] as { type?: string }).type === "draft_chunk");
    expect(drafted.length).toBeGreaterThanOrEqual(3);
  });
});
