import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LlmService } from "../../electron/engine/llm/LlmService.js";
import { createTinyGguf } from "../fixtures/tinyGguf.js";
import { hybridArticleLlm } from "../reliability/helpers/hybridArticleLlm.js";
import { buildRenderer, startStudio, type Studio } from "./harness/startStudio.js";
import { card, confirmMaterials, confirmOutline, draftText, expectFinished, skipOnboarding, startArticle, visible } from "./harness/studioSteps.js";

/**
 * One full article run in Chromium with real llama.cpp: every section is generated and streamed by
 * the tiny real GGUF; the structured steps (intent, keywords, outline, reviews) are scripted,
 * because random tiny weights need minutes to close a grammar-constrained JSON object (the
 * structured path on the real model is covered by the LLM runtime's model tests).
 */
let service: LlmService;
let studio: Studio | null = null;

beforeAll(async () => {
  await buildRenderer();
  service = new LlmService();
  // One thread: other model tests run beside this one on two cores.
  await service.load({ modelPath: await createTinyGguf(), threads: 1, sequences: 2, contextSize: 1024 });
}, 240_000);

afterAll(async () => {
  await studio?.close();
  await service?.dispose();
});

describe("article studio in Chromium on the tiny real GGUF", { timeout: 300_000 }, () => {
  it("streams real model sections into the draft pane and finalises", async () => {
    studio = await startStudio({ llm: hybridArticleLlm(service, 24) });
    const { page } = studio;
    await skipOnboarding(page);
    await startArticle(page, "介绍本地大模型在离线写作中的应用");
    await confirmMaterials(page);
    await confirmOutline(page);
    await visible(card(page, "确认初稿"), 240_000);

    const draft = await draftText(page);
    // The scripted outline's sections, each followed by text llama.cpp generated for it.
    for (const title of ["Intro", "Body", "End"]) expect(draft).toContain(title);
    const versions = await studio.engine.call("documents.versions", { sessionId: (await studio.engine.call("sessions.list", {})).sessions[0]!.id });
    expect(versions.versions).toHaveLength(1);
    expect(versions.versions[0]!.chars).toBeGreaterThan(30);
    await studio.screenshot("20-real-model-draft");

    await card(page, "确认初稿").getByRole("button", { name: "确认定稿" }).click();
    await expectFinished(page);
  });
});
