import type { ChatWrapper, LlamaContextSequence, LlamaModel, Token } from "node-llama-cpp";
import { ScriptoriumError } from "../../../shared/errors.js";
import type { RankChoicesOptions } from "./LlmClient.js";

/**
 * The next-token probability of each choice's first token after the prompt, from one prefill:
 * no token is sampled, so a weak model cannot wander off into copying the prompt — it can only
 * weigh the candidates. A model with a chat template is asked in its template with the reply
 * opened by the answer cue; a base model without one (the Gemma 3 270M build) reads the text as
 * plain continuation, which is what it was trained on (a routing set read 0.52 plain against 0.39
 * through Gemma's turn markers); a caller may ask for plain text on any model (`plainText`). The sequence keeps its KV cache: only the tokens after the part
 * it already holds are evaluated, so a long, fixed examples block is prefilled once.
 */
export async function choiceProbabilities(
  sequence: LlamaContextSequence,
  model: LlamaModel,
  chatWrapper: ChatWrapper,
  options: RankChoicesOptions,
): Promise<number[] | null> {
  const firstTokens = ownFirstTokens(options.choices.map((choice) => candidateTokens(model, choice)));
  if (!firstTokens) return null;
  const tokens = choicePromptTokens(model, chatWrapper, options);
  // Keep what the sequence already holds of this prompt, but always evaluate the last token: its
  // output is the distribution read here.
  await sequence.adaptStateToTokens(tokens.slice(0, -1), false);
  const rest = tokens.slice(sequence.nextTokenIndex);
  const input = [...rest.slice(0, -1), [rest.at(-1)!, { generateNext: { probabilities: true } }] as [Token, { generateNext: { probabilities: true } }]];
  options.signal?.throwIfAborted();
  const output = await sequence.controlledEvaluate(input);
  const probabilities = output.at(-1)?.next.probabilities;
  if (!probabilities) throw new ScriptoriumError("internal", "llama.cpp returned no next-token probabilities for the choice prompt.");
  return firstTokens.map((candidates) => Math.max(...candidates.map((token) => probabilities.get(token) ?? 0)));
}

/** A choice starts the answer with or without a space, depending on the tokenizer: both are read. */
function candidateTokens(model: LlamaModel, choice: string): Token[] {
  return [...new Set([model.tokenize(` ${choice}`)[0], model.tokenize(choice)[0]].filter((token): token is Token => token !== undefined))];
}

/**
 * Each choice's first tokens that no other choice starts with: a token two choices share (a bare
 * space piece in a byte-level vocabulary) says nothing about which one the model means. Null when
 * some choice has none: this model's vocabulary cannot tell the choices apart in one step.
 */
function ownFirstTokens(candidates: Token[][]): Token[][] | null {
  const owners = new Map<Token, number>();
  for (const tokens of candidates) for (const token of tokens) owners.set(token, (owners.get(token) ?? 0) + 1);
  const own = candidates.map((tokens) => tokens.filter((token) => owners.get(token) === 1));
  return own.every((tokens) => tokens.length > 0) ? own : null;
}

/** The tokens a choice prompt evaluates: the sequence pool is given these to find the sequence that holds them. */
export function choicePromptTokens(model: LlamaModel, chatWrapper: ChatWrapper, options: RankChoicesOptions): Token[] {
  const body = `${options.prompt}\n${options.answerCue}`;
  if (options.plainText || typeof model.fileInfo.metadata?.tokenizer?.chat_template !== "string") return model.tokenize(`${options.system}\n\n${body}`, true);
  const { contextText } = chatWrapper.generateContextState({
    chatHistory: [
      { type: "system", text: options.system },
      { type: "user", text: body },
      { type: "model", response: [options.answerCue] },
    ],
  });
  return contextText.tokenize(model.tokenizer);
}
