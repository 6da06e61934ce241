import { describe, expect, it } from "vitest";
import { definePrompt, renderPrompt } from "./definePrompt.js";

const GREET = definePrompt({
  zh: { system: "你是{role}。", prompt: "主题：{topic}\n示例：{\"a\":1}" },
  en: { system: "You are a {role}.", prompt: "Topic: {topic}" },
});

describe("definePrompt / renderPrompt", () => {
  it("fills every placeholder in the chosen locale and leaves JSON braces alone", () => {
    expect(renderPrompt(GREET, "zh", { role: "编辑", topic: "本地模型" })).toEqual({ system: "你是编辑。", prompt: '主题：本地模型\n示例：{"a":1}' });
    expect(renderPrompt(GREET, "en", { role: "editor", topic: 3 })).toEqual({ system: "You are a editor.", prompt: "Topic: 3" });
  });

  it("refuses a placeholder without a value", () => {
    expect(() => renderPrompt(GREET, "en", { role: "editor" } as never)).toThrow("{topic}");
  });
});

// Type check: the JSON example's braces are not placeholders, `role` and `topic` are.
const typed: Parameters<typeof renderPrompt<typeof GREET>>[2] = { role: "r", topic: "t" };
void typed;
