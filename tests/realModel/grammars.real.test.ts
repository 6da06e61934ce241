import { afterAll, beforeAll, expect, it } from "vitest";
import { jsonSchemaForGrammar } from "../../electron/engine/llm/jsonSchemaForGrammar.js";
import { LlamaCppProvider } from "../../electron/engine/llm/LlamaCppProvider.js";
import { LlmService } from "../../electron/engine/llm/LlmService.js";
import { renderPrompt } from "../../electron/engine/workflows/common/definePrompt.js";
import { REVISE_PROMPT } from "../../electron/engine/workflows/docgen/prompts.js";
import { numberLines } from "../../electron/engine/workflows/docgen/revise/lineNumbers.js";
import { revisePlanSchema } from "../../electron/engine/workflows/docgen/schemas.js";
import { describeReal } from "./describeReal.js";
import { realThreads } from "./realModelPath.js";
import { ALL_STRUCTURED_SCHEMAS } from "./structuredSchemas.js";

describeReal("every structured-output grammar on the real model", (modelPath) => {
  const service = new LlmService();
  beforeAll(async () => {
    await service.load({ modelPath, threads: realThreads(), sequences: 1, contextSize: 2048 });
  });
  afterAll(() => service.dispose());

  it("builds the grammar of every registered schema at its real limits, none refused", async () => {
    const refused: string[] = [];
    for (const [name, schema] of ALL_STRUCTURED_SCHEMAS) {
      // Exactly the provider's path: jsonSchemaForGrammar, then LlmService.grammarFor.
      await service.grammarFor(jsonSchemaForGrammar(schema)).catch((error: unknown) => refused.push(`${name}: ${String(error)}`));
    }
    expect(refused).toEqual([]);
    expect(ALL_STRUCTURED_SCHEMAS.size).toBeGreaterThanOrEqual(18);
  });

  it("runs the doc generator's revise plan constrained by its grammar (the one llama.cpp used to refuse)", async () => {
    const draft = ["# 安装", "", "运行 npm install 来安装依赖。", "然后运行 npm start 启动服务", "", "## 配置", "配置文件在 config.json 。"].join("\n");
    const llm = new LlamaCppProvider(service);
    const result = await llm.generateStructured({
      ...renderPrompt(REVISE_PROMPT, "zh", { numberedExcerpt: numberLines(draft, 1, 7), rule: "2.1 句末标点\n每个句子以句号结尾。", comments: "【2.1】第 4 行：句子没有以句号结尾" }),
      schema: revisePlanSchema(1, 7),
      tag: { role: "reviser", step: "real" },
      // Greedy, with room to close the JSON: a sampled reply could run to maxTokens inside a string
      // three times over (seen once in CI), which says nothing about the grammar.
      maxTokens: 600,
      temperature: 0,
    });
    // Grammar-constrained: the raw reply is strict JSON, not free text the lenient parser rescued.
    expect(() => JSON.parse(result.raw) as unknown).not.toThrow();
    expect(revisePlanSchema(1, 7).safeParse(result.value).success).toBe(true);
  }, 180_000);
});
