import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { createAppEngine, type AppEngine } from "../../electron/engine/createAppEngine.js";
import { createServer, type ScriptoriumServer } from "../../electron/server/createServer.js";
import { createTinyGguf } from "../fixtures/tinyGguf.js";
import { launchBrowser } from "./harness/launchBrowser.js";
import { ARTIFACTS, buildRenderer } from "./harness/startStudio.js";
import { visible } from "./harness/studioSteps.js";

/**
 * One file is one model entry: a model imported in the welcome dialog, then given again by path
 * with `--model` (`npm run web -- --model <file>`) after a restart, is listed once in Settings →
 * 模型, and the chat-model badge, the status line and the warnings all name that one entry. The
 * old code listed it twice (by name and by full path) and named one in the warning, the other on the badge.
 */
const TEXT = {
  "zh-CN": { welcome: "欢迎使用 Scriptorium", modelPath: "模型文件路径", importBtn: "导入", start: "开始使用", settings: "设置", chatModel: "对话模型" },
  en: { welcome: "Welcome to Scriptorium", modelPath: "Model file path", importBtn: "Import", start: "Get started", settings: "Settings", chatModel: "Chat model" },
} as const;

const TOKEN = "one-model-entry-token-0123";
let tinyPath = "";
let browser: Browser | null = null;
const cleanups: Array<() => Promise<void>> = [];

async function start(dataDir: string, modelPath?: string): Promise<{ engine: AppEngine; server: ScriptoriumServer; stop(): Promise<void> }> {
  const engine = await createAppEngine({ dataDir, appRoot: path.resolve("."), ...(modelPath ? { modelPath } : {}) });
  const server = await createServer({ api: engine, token: TOKEN, staticDir: await buildRenderer() });
  return {
    engine,
    server,
    async stop() {
      server.server.closeAllConnections();
      await server.close();
      await engine.dispose();
    },
  };
}

beforeAll(async () => {
  [tinyPath] = await Promise.all([createTinyGguf(), buildRenderer()]);
  browser = await launchBrowser();
}, 240_000);

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
});

describe.each(["zh-CN", "en"] as const)("one file, one model entry (%s, Chromium)", (locale) => {
  const T = TEXT[locale];
  it("a model imported in the welcome dialog and given again with --model is listed once, and every label names it", { timeout: 240_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-one-model-"));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const name = path.basename(tinyPath);

    // 1. A fresh data dir: the welcome dialog imports the file, which becomes the chat model.
    let running = await start(dataDir);
    cleanups.push(() => running.stop());
    await running.engine.call("settings.update", { locale });
    const context = await browser!.newContext({ viewport: { width: 1280, height: 800 }, locale });
    cleanups.push(() => context.close());
    const page = await context.newPage();
    await page.goto(`${running.server.url}/?token=${TOKEN}`);
    const dialog = await visible(page.getByRole("dialog", { name: T.welcome }));
    await dialog.getByLabel(T.modelPath, { exact: true }).fill(tinyPath);
    await dialog.getByRole("button", { name: T.importBtn, exact: true }).click();
    await visible(dialog.getByRole("status").filter({ hasText: name }));
    await dialog.getByRole("button", { name: T.start }).click();
    await expect.poll(() => page.getByRole("dialog", { name: T.welcome }).count()).toBe(0);

    // 2. The server restarts with --model on the same file (the README's `npm run web -- --model`).
    await running.stop();
    cleanups.pop();
    running = await start(dataDir, tinyPath);
    cleanups.push(() => running.stop());
    await page.goto(`${running.server.url}/?token=${TOKEN}`);
    await page.getByRole("button", { name: T.settings, exact: true }).click();

    // 3. Settings → 模型: one entry, by the file's name, and the badge, the status and the warnings name it.
    const items = page.locator(".installed__item");
    await visible(items);
    await expect.poll(() => items.count()).toBe(1);
    await expect(items.first().locator("strong").innerText()).resolves.toBe(name);
    await expect(items.first().innerText()).resolves.toContain(T.chatModel);
    const status = await visible(page.getByRole("status").filter({ hasText: `${T.chatModel}` }).filter({ hasText: name }));
    await expect(status.innerText()).resolves.not.toContain(path.dirname(tinyPath));
    const warnings = await page.locator(".notice--warn").evaluateAll((nodes) => nodes.map((node) => `${node.textContent} ${node.getAttribute("title") ?? ""}`));
    for (const warning of warnings) expect(warning).not.toContain(path.dirname(tinyPath));
    expect(warnings.some((warning) => warning.includes(name))).toBe(true);
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, `one-model-entry-${locale}.png`) });
  });
});
