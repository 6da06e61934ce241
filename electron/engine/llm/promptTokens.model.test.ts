import { GemmaChatWrapper, GeneralChatWrapper, LlamaChatSession, type ChatWrapper, type Token } from "node-llama-cpp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTinyGguf } from "../../../tests/fixtures/tinyGguf.js";
import { LlmService } from "./LlmService.js";
import { promptTokens } from "./promptTokens.js";
import { commonPrefixLength } from "./SequencePool.js";

const service = new LlmService();

beforeAll(async () => {
  await service.load({ modelPath: await createTinyGguf(), threads: 1, sequences: 1, contextSize: 1024 });
}, 120_000);
afterAll(() => service.dispose());

/** What a chat session on `wrapper`, opened as LlamaCppProvider opens it, holds after one short reply to `system` + `prompt`. */
async function evaluated(wrapper: ChatWrapper, system: string, prompt: string): Promise<{ held: readonly Token[]; expected: Token[] }> {
  return service.withSequence(async (sequence, { model }) => {
    await sequence.clearHistory();
    const session = new LlamaChatSession({
      contextSequence: sequence,
      chatWrapper: wrapper,
      systemPrompt: system,
      forceAddSystemPrompt: true,
      autoDisposeSequence: false,
    });
    await session.promptWithMeta(prompt, { maxTokens: 1, temperature: 0 });
    session.dispose({ disposeSequence: false });
    return { held: [...sequence.contextTokens], expected: promptTokens(model, wrapper, system, prompt) };
  });
}

describe("promptTokens (the pool's view of a call)", () => {
  // A Gemma GGUF without a chat template gets GemmaChatWrapper, which declares no system messages:
  // the provider forces the system text in (the wrapper puts it before the user's), and the pool
  // must compare exactly what the session evaluates.
  for (const wrapper of [new GemmaChatWrapper(), new GeneralChatWrapper()]) {
    it(`is the prefix the chat session evaluates (${wrapper.wrapperName})`, async () => {
      const { held, expected } = await evaluated(wrapper, "You route questions; output JSON only.", "Question: what was measured?");
      expect(expected.length).toBeGreaterThan(5);
      expect(commonPrefixLength(held, expected)).toBe(expected.length);
      // The role-locked system text reaches the model on every wrapper.
      await expect(service.withSequence(async (_s, { model }) => model.detokenize(held))).resolves.toContain("You route questions");
    }, 120_000);
  }
});
