import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createAppEngine, type AppEngine } from "../../electron/engine/createAppEngine.js";
import type { LlmRouter } from "../../electron/engine/llm/LlmRouter.js";
import { createServer, type ScriptoriumServer } from "../../electron/server/createServer.js";
import { loadOrCreateToken } from "../../electron/server/serverToken.js";
import { createTinyGguf } from "../fixtures/tinyGguf.js";
import { launchBrowser } from "./harness/launchBrowser.js";
import { proseGate, routerProseLlm } from "./harness/routerProseLlm.js";
import { ARTIFACTS, buildRenderer } from "./harness/startStudio.js";
import { StudioSearch } from "./harness/studioSearch.js";
import { card, visible } from "./harness/studioSteps.js";

/**
 * A newcomer's first hour in browser mode, as the README's first-run section tells it, in each UI
 * language: a fresh data dir opens the welcome dialog → 下载 without a mirror says it would use the
 * internet, a failing mirror says why in the dialog → importing the tests' tiny GGUF makes it the
 * chat model → an article starts with no visit to Settings, its sections written by that model
 * through the app's own router (a second import asks which model should write) → the server restarts mid-run on the same data dir (the token kept
 * in `web-token`): the tab says 已断开, its clock stops, then 已恢复 and the recovered run reaches
 * its draft pause with the list right → a restart with another token (`--token`) shows the page
 * naming the new link, and pasting it brings the sessions back.
 */
const TEXT = {
  "zh-CN": {
    welcome: "欢迎使用 Scriptorium", modelPath: "模型文件路径", importBtn: "导入", chatModel: "对话模型", ready: "不用进入设置", pick: "已安装 2 个对话模型，用哪一个写作？", use: "用这个", start: "开始使用",
    download: "下载", cancel: "取消", mirror: "内网镜像地址", saveMirror: "保存镜像地址", failed: "下载失败", downloading: "下载中", close: "关闭",
    intent: "写什么", audience: "目标读者", startWriting: "开始写作", materials: "素材确认", confirmMaterials: "确认素材，开始规划大纲",
    outline: "大纲确认", confirmOutline: "确认大纲，开始写作", draft: "确认初稿", running: "进行中", paused: "等待确认", sessions: "会话", tray: "后台任务",
    offline: "已断开", reconnecting: "重新连接中", restored: "已恢复", elapsed: "用时", rate: "token/秒",
    locked: "服务器已重启，请用新链接打开", paste: "粘贴新链接", open: "打开", topic: "介绍本地大模型在离线写作中的应用", reader: "企业技术负责人",
  },
  en: {
    welcome: "Welcome to Scriptorium", modelPath: "Model file path", importBtn: "Import", chatModel: "Chat model", ready: "no need to open Settings", pick: "2 chat models are installed. Which one should write?", use: "Use this one", start: "Get started",
    download: "Download", cancel: "Cancel", mirror: "Intranet mirror URL", saveMirror: "Save mirror", failed: "Download failed", downloading: "Downloading", close: "Close",
    intent: "What to write", audience: "Audience", startWriting: "Start writing", materials: "Confirm materials", confirmMaterials: "Confirm materials and plan the outline",
    outline: "Confirm outline", confirmOutline: "Confirm outline and write", draft: "Confirm draft", running: "Running", paused: "Waiting for you", sessions: "Sessions", tray: "Background jobs",
    offline: "Disconnected", reconnecting: "Reconnecting", restored: "Reconnected", elapsed: "Elapsed", rate: "tokens/s",
    locked: "The server restarted: open it with the new link", paste: "Paste the new link", open: "Open", topic: "Why local models matter for offline writing", reader: "engineering managers",
  },
} as const;

/** One start of the browser-mode server on a data dir, as `npm run web -- --data-dir D [--token T]` does it. */
interface Running {
  engine: AppEngine;
  server: ScriptoriumServer;
  token: string;
  gate: ReturnType<typeof proseGate>;
  stop(): Promise<void>;
}

async function startServer(dataDir: string, options: { port?: number; token?: string; holdSections: boolean }): Promise<Running> {
  const gate = proseGate(options.holdSections);
  const engine = await createAppEngine({
    dataDir,
    appRoot: path.resolve("."),
    search: new StudioSearch(),
    llm: (context) => routerProseLlm(context.llm as LlmRouter, gate),
    modelManager: { downloadDefaults: { maxRetries: 0 } },
  });
  // The README's default: no --token, so the token is kept in the data dir and survives a restart.
  const token = options.token ?? (await loadOrCreateToken(dataDir));
  const server = await createServer({ api: engine, token, staticDir: await buildRenderer(), ...(options.port ? { port: options.port } : {}) });
  return {
    engine,
    server,
    token,
    gate,
    async stop() {
      server.server.closeAllConnections();
      await server.close();
      await engine.dispose();
    },
  };
}

let tinyPath = "";
/** Another tiny model (other weights): a second chat model to choose between. */
let secondPath = "";
let browser: Browser | null = null;
let mirror: http.Server;
let mirrorUrl = "";
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  [tinyPath, secondPath] = await Promise.all([createTinyGguf(), createTinyGguf({ seed: 2 }), buildRenderer()]);
  // An intranet mirror without the file: the download fails at once, with a reason to translate.
  mirror = http.createServer((_req, res) => res.writeHead(404).end("not here"));
  await new Promise<void>((resolve) => mirror.listen(0, "127.0.0.1", resolve));
  mirrorUrl = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}/models/`;
  browser = await launchBrowser();
}, 240_000);

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  mirror.closeAllConnections();
  await new Promise((resolve) => mirror.close(resolve));
});

/** The elapsed-time text of the status bar ("用时 12 秒"). */
function elapsedText(page: Page, label: string): Promise<string> {
  return page.locator(".statusbar span").filter({ hasText: label }).first().innerText();
}

describe.each(["zh-CN", "en"] as const)("the first hour in %s (Chromium, fresh data dir, tiny GGUF)", (locale) => {
  const T = TEXT[locale];

  it("imports a model in the welcome dialog, writes with it without Settings, and survives server restarts", { timeout: 300_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-first-hour-"));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    let running = await startServer(dataDir, { holdSections: true });
    cleanups.push(() => running.stop());
    // Two shared CI cores: one llama.cpp thread and a context the tiny model was built for.
    await running.engine.call("settings.update", { threads: 1, sequences: 1, contextSize: 2048 });
    const port = running.server.port;

    const context = await browser!.newContext({ viewport: { width: 1280, height: 860 }, locale });
    cleanups.push(() => context.close());
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.goto(`${running.server.url}/?token=${running.token}`);
    const shot = (name: string) => page.screenshot({ path: path.join(ARTIFACTS, `first-hour-${locale}-${name}.png`) });
    fs.mkdirSync(ARTIFACTS, { recursive: true });

    // 1. The welcome dialog; an English reader switches the language there.
    let dialog = await visible(page.getByRole("dialog", { name: TEXT["zh-CN"].welcome }));
    if (locale === "en") {
      await dialog.getByLabel("界面语言").selectOption("en");
      dialog = await visible(page.getByRole("dialog", { name: T.welcome }));
    }

    // 2. 下载 with no mirror asks first, saying it would go to the internet; cancelling starts nothing.
    const entry = dialog.locator(".catalog__item").first();
    await entry.getByRole("button", { name: T.download, exact: true }).click();
    // The in-app confirmation (a native <dialog> in the top layer, above the welcome dialog).
    const ask = await visible(page.locator("dialog[open]"));
    await expect(ask.innerText()).resolves.toMatch(/huggingface\.co[\s\S]*MODEL_ENDPOINT/);
    await ask.getByRole("button", { name: T.cancel }).click();
    await expect.poll(() => entry.getByRole("progressbar").count()).toBe(0);

    // 3. The mirror sits above the catalog; a mirror without the file fails in the dialog, translated, not "downloading".
    await dialog.getByLabel(T.mirror).fill(mirrorUrl);
    await dialog.getByRole("button", { name: T.saveMirror }).click();
    await expect.poll(async () => (await running.engine.call("settings.get", {})).mirrorBaseUrl).toBe(mirrorUrl);
    await entry.getByRole("button", { name: T.download, exact: true }).click();
    const failure = await visible(entry.getByRole("alert"));
    await expect(failure.innerText()).resolves.toContain(T.failed);
    await expect(entry.innerText()).resolves.not.toContain(T.downloading);
    await shot("01-download-failed");
    await entry.getByRole("button", { name: T.close }).click();

    // 4. Import the tiny GGUF: it becomes the chat model, and the dialog says so.
    await dialog.getByLabel(T.modelPath, { exact: true }).fill(tinyPath);
    await dialog.getByRole("button", { name: T.importBtn, exact: true }).click();
    const modelName = path.basename(tinyPath);
    const chosen = await visible(dialog.getByRole("status").filter({ hasText: modelName }));
    await expect(chosen.innerText()).resolves.toContain(T.chatModel);
    await visible(dialog.getByText(T.ready, { exact: false }));
    expect((await running.engine.call("settings.get", {})).chatModel).toBe(modelName);

    // A second chat model does not replace the chosen one: the dialog asks which one should write.
    const secondName = path.basename(secondPath);
    await dialog.getByLabel(T.modelPath, { exact: true }).fill(secondPath);
    await dialog.getByRole("button", { name: T.importBtn, exact: true }).click();
    const pick = await visible(dialog.getByRole("group", { name: T.pick }));
    await expect(pick.innerText()).resolves.toContain(modelName);
    await pick.getByRole("button", { name: `${T.use}: ${secondName}` }).click();
    await visible(dialog.getByRole("status").filter({ hasText: secondName }));
    await expect.poll(async () => (await running.engine.call("settings.get", {})).chatModel).toBe(secondName);
    await shot("02-model-chosen");
    await dialog.getByRole("button", { name: T.start }).click();
    await expect.poll(() => page.getByRole("dialog", { name: T.welcome }).count()).toBe(0);

    // 5. The first article, straight from the studio.
    await page.getByLabel(T.intent).fill(T.topic);
    await page.getByLabel(T.audience).fill(T.reader);
    await page.getByRole("button", { name: T.startWriting }).click();
    await card(page, T.materials).getByRole("button", { name: T.confirmMaterials }).click();
    await card(page, T.outline).getByRole("button", { name: T.confirmOutline }).click();
    // The writer's first section call reached the model: the run is mid-write.
    await running.gate.reached;
    const sessionRow = page.getByRole("navigation", { name: T.sessions }).locator(".session").first();
    await visible(sessionRow.locator(".pill").filter({ hasText: T.running }));
    await visible(page.locator(".statusbar").filter({ hasText: T.elapsed }));
    // The run's milestones are in its timeline, not piled up in the job tray over the session list.
    await expect(page.getByRole("region", { name: T.tray }).count()).resolves.toBe(0);

    // 6. The server stops mid-run: the tab says so and its clock stands still.
    await running.stop();
    const indicator = await visible(page.getByTestId("connection-indicator").filter({ hasText: T.offline }), 15_000);
    await expect(indicator.innerText()).resolves.toContain(T.reconnecting);
    const frozen = await elapsedText(page, T.elapsed);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await elapsedText(page, T.elapsed)).toBe(frozen);
    await expect(page.locator(".statusbar").innerText()).resolves.not.toContain(T.rate);
    // Nobody knows whether the run still runs: the status bar and the session row say 已断开, not 进行中.
    await expect(page.locator(".statusbar__state").innerText()).resolves.toBe(T.offline);
    await visible(sessionRow.locator(".pill").filter({ hasText: T.offline }));
    await expect(sessionRow.locator(".pill").filter({ hasText: T.running }).count()).resolves.toBe(0);
    await shot("03-disconnected");

    // 7. It starts again on the same data dir and port (same kept token): the tab catches up by itself.
    running = await startServer(dataDir, { port, holdSections: false });
    await visible(page.getByTestId("connection-indicator").filter({ hasText: T.restored }), 20_000);
    // The run was recovered from its checkpoint and wrote its sections with the imported model.
    await visible(card(page, T.draft), 120_000);
    await visible(sessionRow.locator(".pill").filter({ hasText: T.paused }));
    await expect(page.locator(".banner--error").count()).resolves.toBe(0);
    const { sessions } = await running.engine.call("sessions.list", {});
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ status: "paused" });
    const { versions } = await running.engine.call("documents.versions", { sessionId: sessions[0]!.id });
    expect(versions[0]!.chars).toBeGreaterThan(20);
    await shot("04-restored");

    // 8. Restarted with another token (--token): the tab says where the new link is; pasting it brings the work back.
    await running.stop();
    running = await startServer(dataDir, { port, token: "another-token-0123456789", holdSections: false });
    const lockedPage = await visible(page.getByRole("alertdialog", { name: T.locked }), 30_000);
    await expect(lockedPage.innerText()).resolves.toContain(`${running.server.url}/?token=`);
    await shot("05-server-restarted");
    await lockedPage.getByLabel(T.paste).fill(`${running.server.url}/?token=${running.token}`);
    await lockedPage.getByRole("button", { name: T.open }).click();
    await visible(page.getByRole("navigation", { name: T.sessions }).locator(".pill").filter({ hasText: T.paused }));
    expect(pageErrors).toEqual([]);
  });
});
