/**
 * `npx tsx bench/eval/routerStep.ts [--model gemma|smollm2|<path.gguf>] [--dump file.json]`
 * The paper router's model step alone (`rankIntent`, no cue phrase, no engine, no paper session) on
 * both routing sets, on one real model: the figure the cue phrases cannot lift. `npm run eval --
 * --only router` measures the whole router inside real sessions (cues included) and costs a session
 * per query; this costs one prefill of the question per query once the examples block is kept.
 * Also prints what the router decides with its cues (a cue when one matches, else the model).
 * `--dump` writes every query's raw task-word probabilities and the content-free priors, so a
 * decision rule can be compared on the same model outputs without running the model again.
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { PAPER_INTENTS } from "../../shared/workflows/paper.js";
import { LlamaCppProvider } from "../../electron/engine/llm/LlamaCppProvider.js";
import type { LlmClient } from "../../electron/engine/llm/LlmClient.js";
import { LlmService } from "../../electron/engine/llm/LlmService.js";
import { keywordIntent } from "../../electron/engine/workflows/paper/keywordIntent.js";
import { rankIntent } from "../../electron/engine/workflows/paper/rankIntent.js";
import { realThreads } from "../../tests/realModel/realModelPath.js";
import { confusion, renderConfusion } from "./metrics/classification.js";
import { findRealModel, NOT_RUN_HINT } from "./realModel.js";
import { loadRouterParaphraseSet, loadRouterSet, type RouterItem } from "./sets.js";

/** The last probabilities a client answered: rankIntent's question is asked after its priors. */
function recording(llm: LlmClient): LlmClient & { last: number[] | null } {
  const client: LlmClient & { last: number[] | null } = {
    ...llm,
    id: llm.id,
    last: null,
    generateText: (o) => llm.generateText(o),
    generateStructured: (o) => llm.generateStructured(o),
    countTokens: (t) => llm.countTokens(t),
    contextTokens: () => llm.contextTokens(),
    rankChoices: async (o) => (client.last = (await llm.rankChoices!(o)) ?? null),
  };
  return client;
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { model: { type: "string", default: "gemma" }, dump: { type: "string" } } });
  const modelPath = findRealModel(process.env, values.model);
  if (!modelPath) {
    process.stdout.write(`NOT RUN: the real model "${values.model}" is not on this machine; ${NOT_RUN_HINT}\n`);
    return process.env.CI === "true" ? 1 : 0;
  }
  const service = new LlmService();
  await service.load({ modelPath, threads: realThreads(), sequences: 1, contextSize: 2048 });
  const llm = recording(new LlamaCppProvider(service));
  const started = Date.now();
  const dump: { model: string; priors: Record<string, number[] | null>; items: unknown[] } = { model: modelPath, priors: {}, items: [] };
  try {
    for (const free of ["N/A", "", "?", "[MASK]"]) {
      await rankIntent(llm, free, "");
      dump.priors[free] = llm.last;
    }
    const sets: Array<[string, RouterItem[]]> = [
      ["router", loadRouterSet()],
      ["router_paraphrase", loadRouterParaphraseSet()],
    ];
    for (const [name, set] of sets) {
      const step: Array<{ truth: string; predicted: string }> = [];
      const routed: Array<{ truth: string; predicted: string }> = [];
      for (const item of set) {
        const ranked = await rankIntent(llm, item.q, "");
        const predicted = ranked?.intent ?? "none";
        const cue = keywordIntent(item.q);
        step.push({ truth: item.intent, predicted });
        routed.push({ truth: item.intent, predicted: cue ?? predicted });
        dump.items.push({ set: name, q: item.q, intent: item.intent, locale: item.locale, cue, predicted, probabilities: llm.last });
      }
      const model = confusion(PAPER_INTENTS, step);
      const withCues = confusion(PAPER_INTENTS, routed);
      const cued = routed.filter((_, i) => keywordIntent(set[i]!.q) !== null).length;
      process.stdout.write(
        `${name} (${set.length} queries): model step ${model.accuracy.toFixed(3)}; with cues ${withCues.accuracy.toFixed(3)} (${cued} cued)\n` +
          `${renderConfusion(model)}\n\n`,
      );
    }
  } finally {
    await service.dispose();
  }
  process.stdout.write(`${((Date.now() - started) / 1000).toFixed(0)} s on ${modelPath}, ${realThreads()} thread(s)\n`);
  if (values.dump) fs.writeFileSync(values.dump, JSON.stringify(dump));
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`routerStep: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
