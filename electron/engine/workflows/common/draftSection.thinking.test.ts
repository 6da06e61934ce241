import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { OpenAICompatibleProvider } from "../../llm/OpenAICompatibleProvider.js";
import { startReasoningServer, type ReasoningServer } from "../../testing/reasoningServer.js";
import { draftSection } from "./draftSection.js";

const THOUGHT = "SECRET-THOUGHT 先想想这一节怎么写";
const SECTION = "茶叶在宋代成为日常饮品。城市里的茶坊很多。";

let dir: string;
let server: ReasoningServer;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "draft-thinking-"));
  server = await startReasoningServer({ kind: "openai", models: ["qwen3"], answer: () => SECTION, thought: THOUGHT });
});
afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe("an article section written by a reasoning model behind an OpenAI-compatible server", () => {
  it("keeps the thought out of the section text, its streamed draft chunks and its cache", async () => {
    const events: Array<Record<string, unknown>> = [];
    const config = { writer: (event: Record<string, unknown>) => events.push(event) } as unknown as LangGraphRunnableConfig;
    const llm = new OpenAICompatibleProvider({ baseUrl: server.baseUrl, model: "qwen3" });
    const text = await draftSection(
      llm,
      { index: 0, cacheDir: dir, keyInputs: { section: "宋代" }, prompt: { system: "s", prompt: "写宋代的茶" }, maxTokens: 600, tag: { role: "writer", step: "section" }, finish: (t) => t },
      config,
    );
    expect(text).toBe(SECTION);
    const streamed = events.filter((e) => e.type === "draft_chunk").map((e) => e.text as string);
    expect(streamed.join("")).toBe(SECTION);
    for (const file of await readdir(dir, { recursive: true })) {
      const content = await readFile(join(dir, file), "utf8").catch(() => "");
      expect(content).not.toContain("SECRET");
    }
    // The writing step was allowed to think; the thought was only kept apart.
    expect(server.requests[0]?.chat_template_kwargs).toBeUndefined();
  });
});
