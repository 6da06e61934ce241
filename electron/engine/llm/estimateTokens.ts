/**
 * A conservative token count for backends whose tokenizer we cannot run (Ollama, OpenAI-compatible
 * servers): it errs high, so text judged to fit does fit. A CJK character is at most about one
 * token in current tokenizers (Qwen, Llama 3, GPT-4o), counted here as 1.2; other text averages
 * about four characters a token in English, counted as three.
 */
export function estimateTokens(text: string): number {
  const cjk = text.match(/[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/gu)?.length ?? 0;
  return Math.ceil(cjk * 1.2 + (text.length - cjk) / 3);
}
