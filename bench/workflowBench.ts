import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import type { EngineEvent } from "../shared/events.js";
import { createEngine } from "../electron/engine/createEngine.js";
import type { Engine } from "../electron/engine/Engine.js";
import { LlmService } from "../electron/engine/llm/LlmService.js";
import { LlamaCppProvider } from "../electron/engine/llm/LlamaCppProvider.js";
import type { ResearchSearch } from "../electron/engine/workflows/WorkflowDefinition.js";
import { createTinyGguf } from "../tests/fixtures/tinyGguf.js";
import { median } from "./lib/sideBySide.js";
import { TimedLlm } from "./lib/timedLlm.js";
import type { BenchContext, GroupResult } from "./lib/types.js";
import { emptyResult } from "./lib/types.js";

/** Canned library hits, so the measurement is about orchestration, not retrieval. */
const SEARCH: ResearchSearch = {
  search: async (query) =>
    [1, 2, 3].map((i) => ({
      id: `${query}-${i}`,
      title: `${query} 资料 ${i}`,
      content: `关于 ${query} 的第 ${i} 条摘要。`,
      source: "bench",
      published_at: null,
      relevance_score: 1 / i,
      source_type: "library",
      url: null,
      recUuid: `${query}-${i}`,
    })),
};

/**
 * `workflow.article_overhead`: the share of an article run's wall time not spent inside LLM calls,
 * on the real tiny model, with every pause answered the moment it appears.
 */
export async function workflowBench(ctx: BenchContext): Promise<GroupResult> {
  const result = emptyResult();
  const service = new LlmService();
  await service.load({ modelPath: await createTinyGguf(), sequences: 2, contextSize: 2048 });
  try {
    const runs = ctx.quick ? 2 : 5;
    const shares: number[] = [];
    for (let run = 0; run < runs; run++) {
      const llm = new TimedLlm(new LlamaCppProvider(service));
      const dataDir = mkdtempSync(path.join(ctx.tmpDir, "wf-"));
      const engine = await createEngine({ dataDir, llm, search: SEARCH });
      try {
        const started = performance.now();
        await driveArticle(engine);
        const wall = performance.now() - started;
        shares.push(1 - llm.busyMs() / wall);
        ctx.log(`run ${run + 1}: ${(wall / 1000).toFixed(1)} s wall, ${(llm.busyMs() / 1000).toFixed(1)} s in ${llm.calls} LLM calls`);
      } finally {
        await engine.dispose();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    result.metrics["workflow.article_overhead"] = median(shares);
    result.notes.push(`article overhead: median of ${runs} full runs (tiny GGUF, pauses answered instantly)`);
  } finally {
    await service.dispose();
  }
  return result;
}

/** Start an article and answer every pause at once until `done`. */
async function driveArticle(engine: Engine): Promise<void> {
  const { sessionId } = await engine.call("run.start", {
    workflow: "article",
    input: { intent: "写一篇关于离线写作工具的短文", word_count_target: 300, locale: "zh" },
  });
  let draftPauses = 0;
  await new Promise<void>((resolve, reject) => {
    const unsubscribe = engine.subscribe(sessionId, 0, (event: EngineEvent) => {
      if (event.type === "done") {
        unsubscribe();
        resolve();
      } else if (event.type === "error") {
        unsubscribe();
        reject(new Error(event.error.message));
      } else if (event.type === "await_user") {
        const payload = answer(event, draftPauses);
        if (event.pausePoint === "draft_confirm") draftPauses++;
        engine.call("run.resume", { sessionId, payload }).catch((error: unknown) => {
          unsubscribe();
          reject(error instanceof Error ? error : new Error(String(error)));
        });
      }
    });
  });
}

function answer(event: Extract<EngineEvent, { type: "await_user" }>, draftPauses: number): Record<string, unknown> {
  const context = event.context as { materials?: Array<{ id: string }> };
  switch (event.pausePoint) {
    case "material_confirm":
      return { action: "confirm", approved_material_ids: (context.materials ?? []).map((m) => m.id) };
    case "outline_confirm":
      return { action: "confirm" };
    case "draft_confirm":
      // One editor round, then finalise: the run covers researcher, writer and editor.
      return { action: draftPauses === 0 ? "to_editor" : "finalize" };
    default:
      return { action: "force_finalize" };
  }
}
