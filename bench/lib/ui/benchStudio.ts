import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { createEngine } from "../../../electron/engine/createEngine.js";
import type { Engine } from "../../../electron/engine/Engine.js";
import { createServer, type ScriptoriumServer } from "../../../electron/server/createServer.js";
import { StudioSearch } from "../../../tests/e2e/harness/studioSearch.js";
import { launchBrowser } from "../../../tests/e2e/harness/launchBrowser.js";
import { addProbe } from "./pageProbe.js";
import type { StreamingDraftLlm } from "./StreamingDraftLlm.js";


export interface BenchStudio {
  engine: Engine;
  server: ScriptoriumServer;
  browser: Browser;
  /** The app URL with its access token. */
  appUrl: string;
  /** A fresh browser context (empty cache, probe installed) with one page, not yet navigated. */
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

/**
 * The real engine (scripted streaming LLM, deterministic search) behind the real HTTP server, and
 * Chromium to open it in. A chat model is named in the settings so the first-run onboarding dialog
 * does not cover the studio: the benchmark measures the studio, not the dialog.
 */
export async function startBenchStudio(options: { staticDir: string; dataDir: string; llm: StreamingDraftLlm }): Promise<BenchStudio> {
  fs.mkdirSync(options.dataDir, { recursive: true });
  const engine = await createEngine({ dataDir: options.dataDir, llm: options.llm, search: new StudioSearch(), recover: false });
  let server: ScriptoriumServer | null = null;
  try {
    await engine.call("settings.update", { chatModel: path.join(options.dataDir, "bench-scripted.gguf") });
    const token = "ui-bench-token-0123456789";
    server = await createServer({ api: engine, token, staticDir: options.staticDir });
    // The e2e tier's browser: CHROMIUM_PATH, Debian's chromium or an installed Chrome / Edge.
    const browser = await launchBrowser();
    const appUrl = `${server.url}/?token=${token}`;
    const running = server;
    return {
      engine,
      server: running,
      browser,
      appUrl,
      async newPage() {
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "zh-CN" });
        const page = await context.newPage();
        await addProbe(page);
        return page;
      },
      async close() {
        await browser.close().catch(() => undefined);
        await running.close().catch(() => undefined);
        await engine.dispose().catch(() => undefined);
      },
    };
  } catch (error) {
    await server?.close().catch(() => undefined);
    await engine.dispose().catch(() => undefined);
    throw error;
  }
}
