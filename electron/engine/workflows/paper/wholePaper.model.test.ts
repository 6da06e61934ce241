import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTinyGguf } from "../../../../tests/fixtures/tinyGguf.js";
import { LlamaCppProvider } from "../../llm/LlamaCppProvider.js";
import { LlmService } from "../../llm/LlmService.js";
import type { PaperChunk } from "./library/PaperRepository.js";
import { ANSWER_RESERVE_TOKENS, PROMPT_RESERVE_TOKENS, wholePaperContext } from "./wholePaper.js";

// The tiny GGUF's training context is 2048 tokens (its tokenizer is byte-level): smaller reserves, so a short paper can fit.
const RESERVE = { answer: 300, prompt: 100 };

const service = new LlmService();
const llm = new LlamaCppProvider(service);

beforeAll(async () => {
  await service.load({ modelPath: await createTinyGguf(), threads: 1, sequences: 1, contextSize: 2048 });
});
afterAll(() => service.dispose());

function paper(pages: number): PaperChunk[] {
  return Array.from({ length: pages }, (_, i) => ({
    id: `p1:${i}`,
    doc_id: "p1",
    idx: i,
    page: i + 1,
    section: "Results",
    kind: "body" as const,
    text: `On page ${i + 1} the model reaches ${80 + i}.5% accuracy on DocBench with ${i + 2} experts per layer.`,
  }));
}

describe("whole-paper mode on the tiny GGUF (the model's own tokenizer)", () => {
  it("counts tokens with the loaded model's tokenizer and reports the allocated context", async () => {
    const context = await llm.contextTokens();
    expect(context).toBe(service.model!.contextSize);
    expect(await llm.countTokens("")).toBe(0);
    const short = await llm.countTokens("accuracy on DocBench");
    const long = await llm.countTokens("accuracy on DocBench ".repeat(10));
    expect(short).toBeGreaterThan(0);
    expect(long).toBeGreaterThan(short * 5);
    console.log(`tiny GGUF: context ${context} tokens; "accuracy on DocBench" = ${short} tokens; ×10 = ${long}`);
  });

  it("reads a paper whole when it fits the budget in the model's tokens, and not when it does not", async () => {
    const context = await llm.contextTokens();
    const small = await wholePaperContext(llm, [{ docId: "p1", chunks: paper(3) }], "What accuracy?", RESERVE);
    expect(small.fits).toBe(true);
    if (!small.fits) return;
    expect(small.paper.tokens).toBe(await llm.countTokens(small.paper.text));
    expect(small.paper.budget).toBe(context - RESERVE.answer - RESERVE.prompt - (await llm.countTokens("What accuracy?")));
    expect(small.paper.text.startsWith("[p.1]\n\nOn page 1")).toBe(true);
    const large = await wholePaperContext(llm, [{ docId: "p1", chunks: paper(200) }], "What accuracy?", RESERVE);
    expect(large.fits).toBe(false);
    if (large.fits) return;
    expect(large.tokens).toBeGreaterThan(large.budget);
    // With the app's reserves the tiny model's context holds no paper at all.
    expect((await wholePaperContext(llm, [{ docId: "p1", chunks: paper(3) }], "What accuracy?")).fits).toBe(context > ANSWER_RESERVE_TOKENS + PROMPT_RESERVE_TOKENS + small.paper.tokens + 20);
    console.log(`tiny GGUF: 3 pages = ${small.paper.tokens} tokens (fits ${small.paper.budget}); 200 pages = ${large.tokens} tokens (does not)`);
  });
});
