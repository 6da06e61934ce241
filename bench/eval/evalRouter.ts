import { PAPER_INTENTS, type PaperIntent } from "../../shared/workflows/paper.js";
import { AGENT_NODES } from "../../electron/engine/workflows/paper/routing.js";
import { routerPrompt } from "../../electron/engine/workflows/paper/prompts.js";
import type { EvalEngine } from "./evalEngine.js";
import { runSession } from "./evalEngine.js";
import { confusion, renderConfusion } from "./metrics/classification.js";
import type { RouterItem } from "./sets.js";
import { pick, type EvalContext, type EvalSection } from "./types.js";

const INTENT_OF_STEP = new Map<string, PaperIntent>(Object.entries(AGENT_NODES).map(([intent, node]) => [node, intent as PaperIntent]));

/**
 * The router through the engine: a paper session per query (no forced intent), stopped at the
 * first agent step; that step names the intent the router chose. Baseline: the same model asked
 * in one plain call to name the intent (the router's system text, no grammar, first intent name
 * in the reply, else chat).
 */
export async function evalRouter(ctx: EvalContext, ee: EvalEngine, docIds: { zh: string; en: string }, set: RouterItem[]): Promise<EvalSection> {
  const items = pick(ctx, set, 14, (i) => i.intent);
  const pairs: Array<{ truth: string; predicted: string }> = [];
  const basePairs: Array<{ truth: string; predicted: string }> = [];
  const ms: number[] = [];
  for (const [n, item] of items.entries()) {
    const started = performance.now();
    const { sessionId } = await ee.engine.call("run.start", { workflow: "paper", input: { doc_id: docIds[item.locale], user_query: item.q, single_question: true, locale: item.locale } });
    let predicted = "none";
    await runSession(ee.engine, sessionId, {
      deadlineMs: 120_000,
      stopWhen: (event) => {
        const step = event.type === "step_start" ? (event as unknown as { step: string }).step : null;
        const intent = step ? INTENT_OF_STEP.get(step) : undefined;
        if (intent) predicted = intent;
        return intent !== undefined;
      },
    });
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
    ctx.log(`router ${n + 1}/${items.length}: ${item.intent} → ${predicted} (baseline ${basePairs.at(-1)!.predicted})`);
  }
  const method = confusion(PAPER_INTENTS, pairs);
  const baseline = confusion(PAPER_INTENTS, basePairs);
  return {
    metrics: { "router.accuracy": method.accuracy, "router.baseline_accuracy": baseline.accuracy, "router.queries": items.length, "router.median_ms_to_agent": ms.sort((a, b) => a - b)[Math.floor(ms.length / 2)] ?? Number.NaN },
    compare: [{ workflow: "router", metric: "accuracy", method: method.accuracy, baseline: baseline.accuracy, higherIsBetter: true }],
    notes: [`router: ${items.length} queries (zh + en); the method is the engine's grammar-constrained router inside a real paper session`],
    text: `Router confusion (method):\n${renderConfusion(method)}\n\nRouter confusion (baseline, one plain call):\n${renderConfusion(baseline)}`,
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
