import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { createAppEngine, type AppEngine } from "../../electron/engine/createAppEngine.js";
import { tempDataDir } from "../../electron/engine/testing/engineTestKit.js";
import { startSchemaOpenAiServer } from "./harness/schemaOpenAiServer.js";

let engine: AppEngine | null = null;
let dir: string | null = null;
afterEach(async () => {
  await engine?.dispose();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("schema-answering OpenAI-compatible server (drives the packaged app in the Electron smoke test)", () => {
  it("takes the production engine on the openai backend to PAUSE-1", async () => {
    const llm = await startSchemaOpenAiServer();
    try {
      dir = tempDataDir();
      engine = await createAppEngine({ dataDir: dir, appRoot: process.cwd() });
      await engine.call("settings.update", { backend: "openai", openai: { baseUrl: llm.baseUrl, model: "test", hasKey: false } });
      const { sessionId } = await engine.call("run.start", { workflow: "article", input: { intent: "介绍本地大模型在离线写作中的应用" } });
      await expect.poll(async () => (await engine!.call("run.state", { sessionId })).pause?.pausePoint ?? null, { timeout: 30_000 }).toBe("material_confirm");
      expect(llm.requests).toBeGreaterThan(0);
    } finally {
      await llm.close();
    }
  });
});
