import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeReal } from "./describeReal.js";
import { distinct4, hanShare } from "../../electron/engine/llm/textQuality.js";
import { lastSeq, RealServer, timed, type StreamedEvent } from "./realServer.js";

/**
 * The article workflow on the real model over HTTP (`/api/ai-writing/*`), after a small local
 * library is ingested through `/api/rpc/knowledge.ingest` (embedded by the real model). On SmolLM2
 * (instruction-tuned, English) an English run goes through every pause, the editor's review
 * included, to `done`; on Gemma a Chinese run goes to `done` by finalising its draft. Whatever the
 * model writes: every `[mNNN]` in the final text names a material the user approved; the zh text
 * is mostly Han and does not loop.
 */
const LIBRARY: Record<string, string> = {
  "offline.md": "# Offline writing with local models\n\nLocal language models run inside the company network, so drafts and sources never leave it. A small model on a laptop CPU writes about ten tokens per second.\n",
  "retrieval.md": "# Hybrid retrieval\n\nHybrid retrieval combines vector search with full-text search. Chinese text is split into character bigrams for the full-text index.\n",
  "review.md": "# Editorial review\n\nAn editor checks facts, logic and language. Each claim in a draft should cite a source from the approved materials.\n",
  "本地模型.md": "# 本地大模型\n\n本地大模型部署在企业内网，资料不出内网。离线写作工具直接调用本地模型起草文章。\n",
};

interface Material {
  id: string;
  title: string;
}

/** Citation ids in a text: `[m001]`, also inside grouped brackets like `[m001, m002]`. */
function citedIds(text: string): string[] {
  return [...text.matchAll(/\[([^\]\n]*\bm\d{3}\b[^\]\n]*)\]/g)].flatMap((m) => [...m[1]!.matchAll(/\bm\d{3}\b/g)].map((id) => id[0]));
}

/** Share of Han characters among letters (\p{L}). */

describeReal("article workflow on the real model over HTTP", (modelPath, model) => {
  let app: RealServer;
  beforeAll(async () => {
    app = await RealServer.start(modelPath, "article", { contextSize: 4096 });
    const library = path.join(app.dataDir, "library-src");
    fs.mkdirSync(library);
    for (const [name, text] of Object.entries(LIBRARY)) fs.writeFileSync(path.join(library, name), text);
    await timed("article library ingest", async () => {
      await app.rpc("knowledge.ingest", { paths: [library] });
      const deadline = Date.now() + 300_000;
      for (;;) {
        const { sources } = await app.rpc<{ sources: unknown[] }>("knowledge.sources", { collection: "library" });
        if (sources.length === Object.keys(LIBRARY).length) break;
        if (Date.now() > deadline) throw new Error(`ingest did not finish: ${sources.length} sources`);
        await new Promise((r) => setTimeout(r, 500));
      }
    });
  }, 600_000);
  afterAll(async () => app?.close());

  /** Starts an article, confirms a subset of the materials and the outline; returns the session at its first draft_confirm. */
  async function toDraft(input: Record<string, unknown>): Promise<{ sessionId: string; approved: Set<string>; events: StreamedEvent[] }> {
    const { session_id: sessionId } = await app.post<{ session_id: string }>("/api/ai-writing/start", input);
    const p1 = await app.streamUntilSettled("ai-writing", sessionId);
    expect(p1.at(-1), JSON.stringify(p1.at(-1))).toMatchObject({ type: "await_user", pausePoint: "material_confirm" });
    const materials = (await app.get<{ values: { materials: Material[] } }>(`/api/ai-writing/${sessionId}/state`)).values.materials;
    expect(materials.length).toBeGreaterThan(0);
    // Approve all but the last material (when there are two or more), so an unapproved id exists to be refused.
    const approved = new Set(materials.slice(0, Math.max(1, materials.length - 1)).map((m) => m.id));
    await app.post(`/api/ai-writing/${sessionId}/resume`, { action: "confirm", approved_material_ids: [...approved] });
    const p2 = await app.streamUntilSettled("ai-writing", sessionId, lastSeq(p1));
    expect(p2.at(-1), JSON.stringify(p2.at(-1))).toMatchObject({ type: "await_user", pausePoint: "outline_confirm" });
    await app.post(`/api/ai-writing/${sessionId}/resume`, { action: "confirm" });
    const p3 = await app.streamUntilSettled("ai-writing", sessionId, lastSeq(p2));
    expect(p3.at(-1), JSON.stringify(p3.at(-1))).toMatchObject({ type: "await_user", pausePoint: "draft_confirm" });
    expect(p3.some((e) => e.type === "draft_chunk")).toBe(true);
    return { sessionId, approved, events: p3 };
  }

  async function finalText(sessionId: string): Promise<string> {
    const state = await app.get<{ session: { status: string }; values: { draft: string; final: boolean } }>(`/api/ai-writing/${sessionId}/state`);
    expect(state.session.status).toBe("done");
    expect(state.values.final).toBe(true);
    return state.values.draft;
  }

  // English behaviour on the instruction-tuned SmolLM2, Chinese on Gemma: each model where it can serve.
  if (model === "smollm2") it("en: start → materials → outline → editor review → finalize: done, every citation an approved material", async () => {
    await timed("article en", async () => {
      const { sessionId, approved, events } = await toDraft({ intent: "Write a short article on why companies use local language models for offline writing", locale: "en", word_count_target: 300 });
      let seq = lastSeq(events);
      let pause = "draft_confirm";
      let reviewed = false;
      for (let step = 0; step < 6 && pause !== "done"; step++) {
        const action = pause === "review_confirm" ? "force_finalize" : reviewed ? "finalize" : "to_editor";
        if (action === "to_editor") reviewed = true;
        await app.post(`/api/ai-writing/${sessionId}/resume`, { action });
        const next = await app.streamUntilSettled("ai-writing", sessionId, seq);
        seq = lastSeq(next);
        const last = next.at(-1)!;
        expect(last.type, JSON.stringify(last)).not.toBe("error");
        pause = last.type === "done" ? "done" : String(last.pausePoint);
      }
      expect(pause).toBe("done");
      const text = await finalText(sessionId);
      expect(text.trim().length).toBeGreaterThan(100);
      for (const id of citedIds(text)) expect(approved.has(id), `[${id}] is not an approved material (${[...approved].join(", ")})`).toBe(true);
      console.log(`[real] article en: ${text.length} chars, citations ${citedIds(text).join(" ") || "none"}`);
    });
  }, 1_200_000);

  if (model === "gemma") it("zh: a finalised run writes mostly Han, without loops, citing only approved materials", async () => {
    await timed("article zh", async () => {
      const { sessionId, approved, events } = await toDraft({ intent: "写一篇短文，介绍企业为什么用本地大模型离线写作", locale: "zh", word_count_target: 300 });
      await app.post(`/api/ai-writing/${sessionId}/resume`, { action: "finalize" });
      const end = await app.streamUntilSettled("ai-writing", sessionId, lastSeq(events));
      expect(end.at(-1)!.type, JSON.stringify(end.at(-1))).toBe("done");
      const text = await finalText(sessionId);
      // A section still cut, or one that failed its language/loop check twice, carries a visible mark
      // (the method's job: never pass it off as done); the measures read what is delivered as finished.
      const finished = text.split(/\n(?=## )/).filter((section) => !section.includes("仍未写完") && !section.includes("未通过检查")).join("\n");
      const han = hanShare(finished);
      const distinct = distinct4(finished);
      console.log(`[real] article zh: ${text.length} chars (${finished.length} in finished sections), Han ratio ${han.toFixed(2)}, distinct-4 ${distinct.toFixed(2)}`);
      expect(han, text).toBeGreaterThanOrEqual(0.5);
      expect(finished.length, text).toBeGreaterThan(0);
      expect(distinct, text).toBeGreaterThanOrEqual(0.5);
      for (const id of citedIds(text)) expect(approved.has(id), `[${id}] is not an approved material`).toBe(true);
    });
  }, 1_200_000);
}, ["gemma", "smollm2"]);
