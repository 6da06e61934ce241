import { describe, expect, it } from "vitest";
import { SettingsSchema } from "../../../shared/models.js";
import { appChatModel } from "./appChatModel.js";
import { sessionModelField } from "./SessionModelSelect.js";

const defaults = SettingsSchema.parse({});
const settings = (patch: Partial<typeof defaults>) => ({ ...defaults, ...patch });

describe("the model a default session writes with", () => {
  it("names the llama.cpp chat model by its file name, and the server's model on Ollama or an OpenAI-compatible URL", () => {
    expect(appChatModel(settings({ chatModel: "/home/u/models/alpha.gguf" }))).toBe("alpha.gguf");
    expect(appChatModel(settings({ chatModel: "C:\\models\\beta.gguf" }))).toBe("beta.gguf");
    expect(appChatModel(settings({ backend: "ollama", ollama: { ...defaults.ollama, model: "qwen3:8b" } }))).toBe("qwen3:8b");
    expect(appChatModel(settings({ backend: "openai", openai: { ...defaults.openai, model: "gw-model" } }))).toBe("gw-model");
  });

  it("is null before settings load or when no chat model is chosen", () => {
    expect(appChatModel(null)).toBeNull();
    expect(appChatModel(settings({}))).toBeNull();
  });
});

describe("run.start's model_name from the picker", () => {
  it("sends the chosen name, and nothing for the default", () => {
    expect(sessionModelField(" beta-writer.gguf ")).toEqual({ model_name: "beta-writer.gguf" });
    expect(sessionModelField("")).toEqual({});
    expect(sessionModelField("   ")).toEqual({});
  });
});
