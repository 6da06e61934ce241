import type { ChatWrapper, LlamaModel, Token } from "node-llama-cpp";

/** The tokens a LlamaCppProvider call on `system` + `prompt` evaluates: what the pool's prefix affinity compares. */
export function promptTokens(model: LlamaModel, chatWrapper: ChatWrapper, system: string, prompt: string): Token[] {
  // As LlamaChatSession renders it with forceAddSystemPrompt (LlamaCppProvider): the system text
  // is there on every wrapper, Gemma's folding it into the first user turn. Rendered differently
  // from what the session evaluates, a call's tokens would share only the turn opening with what
  // its sequence held, and the pool would send the next call elsewhere (prefix lost).
  const { contextText } = chatWrapper.generateContextState({
    chatHistory: [
      { type: "system", text: system },
      { type: "user", text: prompt },
      { type: "model", response: [] },
    ],
  });
  return contextText.tokenize(model.tokenizer);
}
