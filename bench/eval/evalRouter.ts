import { PAPER_INTENTS, type PaperIntent } from "../../shared/workflows/paper.js";
import { AGENT_NODES } from "../../electron/engine/workflows/paper/routing.js";
import { routerPrompt } from "../../electron/engine/workflows/paper/routerPrompt.js";
import type { EvalEngine } from "./evalEngine.js";
import { runSession } from "./evalEngine.js";
import { confusion, renderConfusion } from "./metrics/classification.js";
import type { RouterItem } from "./sets.js";
import { pick, type EvalContext, type EvalSection } from "./types.js";

const INTENT_OF_STEP = new Map<string, PaperIntent>(Object.entries(AGENT_NODES).map(([intent, node]) => [node, intent as PaperIntent]));

/** One labelled routing set; `name` prefixes its metrics (`router.accuracy`, `router_paraphrase.accuracy`). */
export interface RouterSet {
  name: string;
  set: RouterItem[];
}

/**
 * The router through the engine: a paper session per query (no forced intent), stopped at the
 * first agent step; that step names the intent the router chose, and the router's step summary
 * says whether a cue phrase decided it. Baseline: the same model asked in one plain call to name
 * the intent (the router's system text, no grammar, first intent name in the reply, else chat).
 * Each set is reported on its own, so the in-repo set (written beside the cues) and the paraphrase
 * set (written without them) are read apart.
 */
export async function evalRouter(ctx: EvalContext, ee: EvalEngine, docIds: { zh: string; en: string }, sets: RouterSet[]): Promise<EvalSection> {
  const section: EvalSection = { metrics: {}, compare: [], notes: [], text: "" };
  for (const { name, set } of sets) {
    const part = await evalRouterSet(ctx, ee, docIds, name, set);
    Object.assign(section.metrics, part.metrics);
    section.compare.push(...part.compare);
    section.notes.push(...part.notes);
    section.text = [section.text, part.text].filter(Boolean).join("\n\n");
  }
  return section;
}

async function evalRouterSet(ctx: EvalContext, ee: EvalEngine, docIds: { zh: string; en: string }, name: string, set: RouterItem[]): Promise<EvalSection> {
  const items = pick(ctx, set, 14, (i) => i.intent);
  const pairs: Array<{ truth: string; predicted: string }> = [];
  const basePairs: Array<{ truth: string; predicted: string }> = [];
  const ms: number[] = [];
  let cued = 0;
  for (const [n, item] of items.entries()) {
    const started = performance.now();
    const { sessionId } = await ee.engine.call("run.start", { workflow: "paper", input: { doc_id: docIds[item.locale], user_query: item.q, single_question: true, locale: item.locale } });
    let predicted = "none";
    let byCue = false;
    await runSession(ee.engine, sessionId, {
      deadlineMs: 120_000,
      stopWhen: (event) => {
        if (event.type === "step_done" && event.step === "router") byCue = event.summary.endsWith("(cue)");
        const step = event.type === "step_start" ? (event as unknown as { step: string }).step : null;
        const intent = step ? INTENT_OF_STEP.get(step) : undefined;
        if (intent) predicted = intent;
        return intent !== undefined;
      },
    });
    if (byCue) cued++;
    ms.push(performance.now() - started);
    pairs.push({ truth: item.intent, predicted });
    const reply = await ee.llm.generateText({
      system: routerPrompt("zh", item.q, "", 1).system,
      prompt: `问题：${item.q}\n可选意图：${PAPER_INTENTS.join(", ")}\n只回答一个意图名。`,
      temperature: 0,
      maxTokens: 20,
      maxContinuations: 0,
    });
    basePairs.push({ truth: item.intent, predicted: firstIntent(reply.text) });
    ctx.log(`${name} ${n + 1}/${items.length}: ${item.intent} → ${predicted}${byCue ? " (cue)" : ""} (baseline ${basePairs.at(-1)!.predicted})`);
  }
  const method = confusion(PAPER_INTENTS, pairs);
  const baseline = confusion(PAPER_INTENTS, basePairs);
  return {
    metrics: {
      [`${name}.accuracy`]: method.accuracy,
      [`${name}.baseline_accuracy`]: baseline.accuracy,
      [`${name}.queries`]: items.length,
      [`${name}.cue_share`]: items.length ? cued / items.length : Number.NaN,
      [`${name}.median_ms_to_agent`]: ms.sort((a, b) => a - b)[Math.floor(ms.length / 2)] ?? Number.NaN,
    },
    compare: [{ workflow: name, metric: "accuracy", method: method.accuracy, baseline: baseline.accuracy, higherIsBetter: true }],
    notes: [`${name}: ${items.length} queries (zh + en), ${cued} decided by a cue phrase; the method is the engine's router inside a real paper session`],
    text: `${name} confusion (method):\n${renderConfusion(method)}\n\n${name} confusion (baseline, one plain call):\n${renderConfusion(baseline)}`,
  };
}

function firstIntent(text: string): string {
  let best: { intent: string; at: number } | null = null;
  for (const intent of PAPER_INTENTS) {
    const at = text.toLowerCase().indexOf(intent);
    if (at >= 0 && (!best || at < best.at)) best = { intent, at };
  }
  return best?.intent ?? "chat";
}
