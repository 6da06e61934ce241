import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTinyGguf } from "../../../tests/fixtures/tinyGguf.js";
import { LlamaCppProvider } from "./LlamaCppProvider.js";
import { LlmService } from "./LlmService.js";

/** The empty thought Qwen3's template writes for `enable_thinking=false`. */
const EMPTY_THINK = "<|im_start|>assistant\n<think>\n\n</think>\n\n";

const service = new LlmService();
const provider = new LlamaCppProvider(service);

beforeAll(async () => {
  // One sequence: every call below runs on it, so its tokens are the last call's prompt and reply.
  await service.load({ modelPath: await createTinyGguf({ qwen3: true }), threads: 1, sequences: 1, contextSize: 1024 });
});
afterAll(() => service.dispose());

/**
 * What the one sequence holds now: the last call's rendered prompt and its reply, spaces taken out
 * (the tiny model's SentencePiece tokenizer puts a word-start space after each control token).
 */
function lastContext(): Promise<string> {
  return service.withSequence(async (sequence, { model }) => model.detokenize(sequence.contextTokens, true).replace(/ /g, ""));
}

describe("a Qwen3-template GGUF (real chat-wrapper resolution)", () => {
  it("resolves to QwenChatWrapper and counts as a thinking model", () => {
    expect(service.model).toMatchObject({ architecture: "qwen3", hasChatTemplate: true, chatWrapper: "QwenChatWrapper", thinks: true });
  });

  it("renders a structured step's prompt with the empty think block (thinking discouraged)", async () => {
    const Reply = z.object({ ok: z.boolean() });
    await provider.generateStructured({ prompt: "Is water wet?", schema: Reply, maxTokens: 8, maxAttempts: 1 }).catch(() => undefined);
    const context = await lastContext();
    expect(context).toContain("<|im_start|>user\nIswaterwet?");
    expect(context).toContain(EMPTY_THINK);
  });

  it("renders a short text step (keywords-sized) with the empty think block too", async () => {
    await provider.generateText({ prompt: "List three keywords.", maxTokens: 16, thinking: "unlimited", maxContinuations: 0 });
    expect(await lastContext()).toContain(EMPTY_THINK);
  });

  it("leaves a prose step free to think within its budget, and `off` discourages it", async () => {
    await provider.generateText({ prompt: "Write a paragraph.", maxTokens: 300, thinking: "budget", maxContinuations: 0 });
    const prose = await lastContext();
    expect(prose).toContain("<|im_start|>user\nWriteaparagraph.<|im_end|>\n<|im_start|>assistant\n");
    expect(prose).not.toContain(EMPTY_THINK);

    await provider.generateText({ prompt: "Write a paragraph.", maxTokens: 300, thinking: "off", maxContinuations: 0 });
    expect(await lastContext()).toContain(EMPTY_THINK);
  });
});
