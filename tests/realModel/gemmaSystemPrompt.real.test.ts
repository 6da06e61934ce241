import { afterAll, beforeAll, expect, it } from "vitest";
import { GemmaChatWrapper, resolveChatWrapper, type ChatWrapper } from "node-llama-cpp";
import { LlmService } from "../../electron/engine/llm/LlmService.js";
import { describeReal } from "./describeReal.js";
import { realThreads } from "./realModelPath.js";

/**
 * Gemma has no system role; the system text must still reach the model. The rendered prompt is
 * inspected for the wrapper the app picks and for node-llama-cpp's Gemma wrapper.
 */
describeReal("Gemma's chat template and the system prompt", (modelPath) => {
  const service = new LlmService();
  beforeAll(async () => {
    await service.load({ modelPath, threads: realThreads(), sequences: 1, contextSize: 1024 });
  });
  afterAll(() => service.dispose());

  /** The first user turn as the wrapper renders it, with a system and a user marker. */
  const render = (wrapper: ChatWrapper): string =>
    wrapper
      .generateContextState({
        chatHistory: [
          { type: "system", text: "SYSTEM-MARKER: answer in French." },
          { type: "user", text: "USER-MARKER: hello" },
          { type: "model", response: [] },
        ],
      })
      .contextText.toString();

  it("records what the pinned file is: Gemma 3 without a chat template (the base model), so the app picks Gemma's own wrapper", () => {
    // Evidence for the report: `tokenizer.chat_template` is absent and general.name is "Gemma 3 270m"
    // (no "-it"). Without a template the app still renders Gemma's turns (<start_of_turn>), the
    // format the Gemma family is prompted in, rather than the general wrapper's "### User" turns.
    expect(service.model).toMatchObject({ architecture: "gemma3", hasChatTemplate: false, chatWrapper: "GemmaChatWrapper" });
  });

  it("renders the system text before the user's with the wrapper the app picks", async () => {
    const rendered = await service.withSequence(async (_sequence, { chatWrapper }) => render(chatWrapper));
    expect(rendered).toContain("SYSTEM-MARKER: answer in French.");
    expect(rendered.indexOf("SYSTEM-MARKER")).toBeLessThan(rendered.indexOf("USER-MARKER"));
  });

  it("folds the system text into the first user turn with node-llama-cpp's Gemma wrapper (Gemma has no system role)", async () => {
    const resolved = await service.withSequence(async (_sequence, { model }) => resolveChatWrapper(model));
    expect(resolved).toBeInstanceOf(GemmaChatWrapper);
    const rendered = render(resolved!);
    expect(rendered).not.toContain("<start_of_turn>system");
    const userTurn = rendered.slice(rendered.indexOf("<start_of_turn>user"));
    expect(userTurn.indexOf("SYSTEM-MARKER")).toBeGreaterThan(-1);
    expect(userTurn.indexOf("SYSTEM-MARKER")).toBeLessThan(userTurn.indexOf("USER-MARKER"));
    expect(userTurn.indexOf("USER-MARKER")).toBeLessThan(userTurn.indexOf("<end_of_turn>"));
  });
});
