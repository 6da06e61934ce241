import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "vite";
import { afterEach, beforeAll } from "vitest";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { createAppEngine, type AppEngine, type CreateAppEngineOptions } from "../../../electron/engine/createAppEngine.js";
import { createServer, type ScriptoriumServer } from "../../../electron/server/createServer.js";
import { StudioLlm } from "./studioLlm.js";
import { StudioSearch } from "./studioSearch.js";

export const ARTIFACTS = path.resolve("tests/e2e/artifacts");
import { launchBrowser } from "./launchBrowser.js";

let built: Promise<string> | null = null;

/** Builds the renderer once per test file into a temp dir (never touching dist/ of a dev build). */
export function buildRenderer(): Promise<string> {
  built ??= (async () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-renderer-"));
    await build({ configFile: path.resolve("vite.config.ts"), logLevel: "warn", build: { outDir, emptyOutDir: true } });
    return outDir;
  })();
  return built;
}

export interface Studio {
  engine: AppEngine;
  server: ScriptoriumServer;
  browser: Browser;
  page: Page;
  llm: StudioLlm;
  search: StudioSearch;
  dataDir: string;
  /** The app URL with its access token. */
  appUrl: string;
  /** Requests the page made that did not go to the app's own origin. */
  foreignRequests: string[];
  /** Uncaught page errors and console errors. */
  pageErrors: string[];
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The lifecycle every studio e2e file shares: the renderer is built once before the file's tests,
 * and the studio a test opened is closed after it, whatever the test's outcome. Returns the opener.
 */
export function studioPerTest(): (options?: Partial<CreateAppEngineOptions>, contextOptions?: BrowserContextOptions) => Promise<Studio> {
  let current: Studio | null = null;
  beforeAll(async () => {
    await buildRenderer();
  }, 180_000);
  afterEach(async () => {
    await current?.close();
    current = null;
  });
  return async (options = {}, contextOptions = {}) => {
    current = await startStudio(options, contextOptions);
    return current;
  };
}

/**
 * Starts the production engine (`createAppEngine`: real models, providers, knowledge and export
 * ports) behind the real HTTP server and opens it in Chromium. Only the LLM (scripted) and the
 * research search (deterministic) are replaced, so every path through the pauses is exact.
 */
export async function startStudio(options: Partial<CreateAppEngineOptions> = {}, contextOptions: BrowserContextOptions = {}): Promise<Studio> {
  const staticDir = await buildRenderer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-e2e-"));
  const llm = new StudioLlm();
  const search = new StudioSearch();
  const engine = await createAppEngine({
    dataDir,
    llm,
    search,
    // The repo's catalog and rules, whatever the working directory of the test run.
    appRoot: path.resolve("."),
    // A failed download shows at once instead of after the production retry schedule.
    modelManager: { downloadDefaults: { maxRetries: 0 } },
    ...options,
  });
  const token = "e2e-token-0123456789";
  // Uploads where the real server keeps them (browser mode picks files through POST /api/upload).
  const server = await createServer({ api: engine, token, staticDir, uploadDir: path.join(dataDir, "uploads") });
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "zh-CN", ...contextOptions });
  const page = await context.newPage();
  const origin = new URL(server.url).origin;
  const foreignRequests: string[] = [];
  const pageErrors: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith("data:") && !url.startsWith("blob:")) foreignRequests.push(url);
  });
  page.on("pageerror", (error) => pageErrors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") pageErrors.push(message.text());
  });
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const appUrl = `${server.url}/?token=${token}`;
  await page.goto(appUrl);
  return {
    engine,
    server,
    browser,
    page,
    llm,
    search,
    dataDir,
    appUrl,
    foreignRequests,
    pageErrors,
    async screenshot(name) {
      await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: false });
    },
    async close() {
      await browser.close().catch(() => undefined);
      await server.close().catch(() => undefined);
      await engine.dispose().catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
