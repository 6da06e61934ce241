import { describe, expect, it } from "vitest";
import { SettingsSchema } from "../../../shared/models.js";
import { createLlmClient, OPENAI_API_KEY_SECRET } from "./createLlmClient.js";
import { LlamaCppProvider } from "./LlamaCppProvider.js";
import { LlmService } from "./LlmService.js";
import { OllamaProvider } from "./OllamaProvider.js";
import { OpenAICompatibleProvider } from "./OpenAICompatibleProvider.js";

describe("createLlmClient", () => {
  const llmService = new LlmService();
  const defaults = SettingsSchema.parse({});

  it("chooses the backend from settings", () => {
    expect(createLlmClient(defaults, { llmService })).toBeInstanceOf(LlamaCppProvider);
    const ollama = createLlmClient({ ...defaults, backend: "ollama" }, { llmService });
    expect(ollama).toBeInstanceOf(OllamaProvider);
    expect(ollama.id).toBe(`ollama:${defaults.ollama.model}`);
    const openai = createLlmClient({ ...defaults, backend: "openai" }, { llmService });
    expect(openai).toBeInstanceOf(OpenAICompatibleProvider);
    expect(openai.id).toBe(`openai:${defaults.openai.model}`);
  });

  it("reports llamacpp:none until a model is loaded", () => {
    expect(createLlmClient(defaults, { llmService }).id).toBe("llamacpp:none");
  });

  it("reads the OpenAI key from secrets only when settings say one is stored", async () => {
    const asked: string[] = [];
    const secrets = { get: (name: string) => (asked.push(name), "sk") };
    createLlmClient({ ...defaults, backend: "openai" }, { llmService, secrets });
    const withKey = createLlmClient({ ...defaults, backend: "openai", openai: { ...defaults.openai, hasKey: true } }, {
      llmService,
      secrets,
      timeouts: { headersMs: 1000 },
    });
    // The key is read lazily per request; an unreachable server still asks for it first.
    await withKey.generateText({ prompt: "x" }).catch(() => undefined);
    expect(asked).toEqual([OPENAI_API_KEY_SECRET]);
  });
});
