import { PAPER_INTENTS, type PaperIntent } from "../../../../shared/workflows/paper.js";
import type { LlmClient, RankChoicesOptions } from "../../llm/LlmClient.js";
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
 * A question with no content, asked beside every question: how much the model favours each word
 * before it reads any question. Dividing by it ("contextual calibration", Zhao et al. 2021) removes
 * the pull toward one label that sent every routed question to chat. Asked each time rather than
 * remembered, so it always comes from the model that weighs the question (a session may run on its
 * own model); it shares the examples block with the question, so it costs a few tokens of prefill.
 */
const CONTENT_FREE = "N/A";
/**
 * Another agent wins only by this factor over chat's calibrated weight. A plain question sent to
 * the recommender is worse than a request answered as a plain question. On both routing sets
 * (Gemma 3 270M, bench/eval/sets) every factor from 1.5 to 3 kept every non-chat question the model
 * got right, and 3 sent 17 of 20 chat questions to chat instead of 12; on SmolLM2, whose ranking
 * favours one word for every question, it keeps the plain questions with chat.
 */
const OVER_CHAT = 3;

function options(question: string, selected: string, signal: AbortSignal | undefined): RankChoicesOptions {
  const selection = selected ? `Selected text: ${selected.slice(0, 200)}\n` : "";
  return {
    system: SYSTEM,
    prompt: `${EXAMPLES}\n\n${selection}Question: ${question.slice(0, 500)}`,
    answerCue: "Task:",
    choices: PAPER_INTENTS.map((intent) => TASK_WORDS[intent]),
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
  const base = await llm.rankChoices(options(CONTENT_FREE, "", signal));
  if (!base) return null;
  const probabilities = await llm.rankChoices(options(question, selected, signal));
  if (!probabilities) return null;
  const weights = probabilities.map((p, index) => p / Math.max(base[index]!, 1e-6));
  const top = weights.indexOf(Math.max(...weights));
  const chat = PAPER_INTENTS.indexOf("chat");
  const best = weights[top]! >= OVER_CHAT * weights[chat]! ? top : chat;
  const total = weights.reduce((sum, w) => sum + w, 0);
  return { intent: PAPER_INTENTS[best]!, share: total > 0 ? weights[best]! / total : 0 };
}
