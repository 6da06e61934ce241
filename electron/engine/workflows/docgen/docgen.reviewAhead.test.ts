import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { EngineEvent } from "../../../../shared/events.js";
import type { Engine } from "../../Engine.js";
import { docgenEngine, runDocgen } from "../../testing/docgenTestKit.js";
import { ScriptedLlm, type ScriptedCallOptions } from "../../testing/ScriptedLlm.js";

const engines: Engine[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.dispose()));
  dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

/** A note every model-reviewed module sees (headings, prose, an identifier: four modules call the model). */
const DOC = "# 我的文档\n\n## 说明\n\n第一段正常，调用 `parseConfig` 读取配置。\n\n## 用法\n\n第二段正常。\n";

/**
 * A reviewer that records how many review calls are open at once. With `holdFirst`, the first call
 * stays open until a second one has started: only a run that starts the next module's review
 * before the first one ends can finish (otherwise the test times out); no clock is involved.
 */
function overlapReviewer(holdFirst: boolean) {
  const seen = { open: 0, most: 0, steps: [] as string[] };
  const review = async (o: ScriptedCallOptions) => {
    seen.open++;
    seen.most = Math.max(seen.most, seen.open);
    seen.steps.push(o.tag!.step!);
    if (holdFirst && seen.steps.length === 1) while (seen.steps.length < 2) await new Promise((r) => setImmediate(r));
    seen.open--;
    return { violations: [] };
  };
  return { seen, review };
}

async function reviewOnly(llm: ScriptedLlm, sequences: number): Promise<{ events: EngineEvent[]; values: Record<string, any> }> {
  const made = await docgenEngine(llm);
  engines.push(made.engine);
  dirs.push(made.dataDir);
  await made.engine.call("settings.update", { sequences });
  const { sessionId, events } = await runDocgen(made.engine, { input_mode: "text", topic: "我的文档", context: DOC, review_only: true });
  return { events, values: (await made.engine.call("run.state", { sessionId })).values as Record<string, any> };
}

describe("docgen: module reviews of an unchanged draft run side by side", () => {
  it("with two sequences the reviews overlap, each module is reviewed once, and the timeline keeps the pipeline's order", async () => {
    const { seen, review } = overlapReviewer(true);
    const { events, values } = await reviewOnly(new ScriptedLlm({ replies: { reviewer: review } }), 2);
    expect(events.at(-1)?.type).toBe("done");
    expect(seen.most).toBe(2);
    expect(new Set(seen.steps).size).toBe(seen.steps.length);
    const reviewed = events.filter((e) => e.type === "module_review").map((e) => (e as { module: string }).module);
    expect(reviewed).toEqual(values.review_pipeline);
    expect(values.modules.every((m: { status: string }) => m.status === "passed")).toBe(true);
  });

  it("with one sequence they run one at a time", async () => {
    const { seen, review } = overlapReviewer(false);
    const { events } = await reviewOnly(new ScriptedLlm({ replies: { reviewer: review } }), 1);
    expect(events.at(-1)?.type).toBe("done");
    expect(seen.most).toBe(1);
    expect(seen.steps.length).toBeGreaterThan(1);
  });
});
