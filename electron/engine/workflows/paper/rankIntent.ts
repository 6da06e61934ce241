import { PAPER_INTENTS, type PaperIntent } from "../../../../shared/workflows/paper.js";
import type { LlmClient, RankChoicesOptions } from "../../llm/LlmClient.js";
import { calibrate, contentFreePrior } from "../common/contentFreePrior.js";
import { ROUTER_EXAMPLES } from "./routerPrompt.js";

/**
 * The word the model answers for each intent. Plain English words a small model has seen in this
 * sense, each starting with its own token; the schema's ids ("deep_read", "literature_review") are
 * not words it knows.
 */
const TASK_WORDS: Record<PaperIntent, string> = {
  chat: "question",
  critical: "critique",
  deep_read: "explain",
  extract: "table",
  translate: "translate",
  recommend: "recommend",
  literature_review: "review",
};

const SYSTEM =
  "Route a reader's question about a paper to one task. question=one specific question about the paper's content; " +
  "critique=doubting the paper; explain=explain the whole paper; table=collect datasets, methods, metrics, numbers; " +
  "translate=put text into another language; recommend=suggest other papers to read; review=review several papers together.";

/** The worked examples, one intent after another (grouped, the last group is what a small model repeats). */
const EXAMPLES = (() => {
  const rounds = Math.max(...PAPER_INTENTS.map((intent) => ROUTER_EXAMPLES.filter((e) => e.intent === intent).length));
  const lines: string[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const intent of PAPER_INTENTS) {
      const example = ROUTER_EXAMPLES.filter((e) => e.intent === intent)[round];
      if (example) lines.push(`Question: ${example.q}\nTask: ${TASK_WORDS[intent]}`);
    }
  }
  return lines.join("\n\n");
})();

/**
 * Questions with no content (Zhao et al. 2021 use the first three): how much the model favours each
 * word before it reads any question. Dividing by their average removes the pull toward one label
 * that sent every routed question to chat. Four rather than "N/A" alone: on the in-repo routing set
 * (model step alone, Gemma 3 270M) the model step read 0.718 against 0.641, and one input's prior is
 * itself a noisy estimate. They are asked on the model that weighs the question and kept per loaded
 * model by the backend (`reusable`), so a routed question costs one prefill of its own tokens.
 */
const CONTENT_FREE = ["N/A", "", "?", "[MASK]"] as const;

function options(question: string, selected: string, signal: AbortSignal | undefined): RankChoicesOptions {
  const selection = selected ? `Selected text: ${selected.slice(0, 200)}\n` : "";
  return {
    system: SYSTEM,
    prompt: `${EXAMPLES}\n\n${selection}Question: ${question.slice(0, 500)}`,
    answerCue: "Task:",
    choices: PAPER_INTENTS.map((intent) => TASK_WORDS[intent]),
    // A few-shot block continued as text, on every model: inside SmolLM2-135M-Instruct's chat
    // template the ranking barely moved with the question (in-repo set 0.15, plain text 0.42).
    plainText: true,
    tag: { role: "paper", step: "router_rank" },
    ...(signal ? { signal } : {}),
  };
}

export interface RankedIntent {
  intent: PaperIntent;
  /** The calibrated weight of the chosen intent over the sum of all: how clear the decision was. */
  share: number;
}

/**
 * The model's intent for a question by weighing the seven task words after one prefill, or null
 * where the backend exposes no probabilities (the caller asks for JSON instead).
 */
export async function rankIntent(llm: LlmClient, question: string, selected: string, signal?: AbortSignal): Promise<RankedIntent | null> {
  if (!llm.rankChoices) return null;
  const prior = await contentFreePrior(llm, (free) => options(free, "", signal), CONTENT_FREE);
  if (!prior) return null;
  const probabilities = await llm.rankChoices(options(question, selected, signal));
  if (!probabilities) return null;
  const weights = calibrate(probabilities, prior.weights);
  const top = weights.indexOf(Math.max(...weights));
  const chat = PAPER_INTENTS.indexOf("chat");
  // Another agent wins only by more than the prior's own spread over chat: a lead no larger than
  // what swapping one meaningless input for another produces is noise, and a plain question sent to
  // the recommender is worse than a request answered as a plain question. Measured per model (about 4
  // on Gemma 3 270M, 3.6 on SmolLM2-135M), where a fixed factor of 3 had been set on Gemma alone.
  const best = weights[top]! > prior.spread * weights[chat]! ? top : chat;
  const total = weights.reduce((sum, w) => sum + w, 0);
  return { intent: PAPER_INTENTS[best]!, share: total > 0 ? weights[best]! / total : 0 };
}
