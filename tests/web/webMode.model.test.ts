import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTinyGguf } from "../fixtures/tinyGguf.js";

/**
 * The "done means": `npm run web -- --model <tiny.gguf>` streams a reply in a browser.
 * This starts the real server entry point exactly as `npm run web` does (after its renderer
 * build), with the real engine wiring and the tiny real GGUF, and chats through Chromium.
 */
const root = path.resolve(import.meta.dirname, "../..");
let server: ChildProcess | null = null;
let browser: Browser | null = null;
let dataDir = "";
let url = "";
/** Everything the server printed, for a failure's message. */
let serverLog = "";

beforeAll(async () => {
  if (!fs.existsSync(path.join(root, "dist/renderer/index.html"))) {
    await build({ configFile: path.join(root, "vite.config.ts"), logLevel: "warn" });
  }
  const model = await createTinyGguf();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-web-"));
  server = spawn(process.execPath, ["--import", "tsx", "electron/server/main.ts", "--no-open", "--port", "0", "--data-dir", dataDir, "--model", model], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not print its URL: ${serverLog}`)), 60_000);
    server!.stdout!.on("data", (chunk: Buffer) => {
      serverLog += chunk.toString();
      const match = /Scriptorium is running at (\S+)/.exec(serverLog);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    server!.stderr!.on("data", (chunk: Buffer) => (serverLog += chunk.toString()));
    server!.on("exit", (code) => reject(new Error(`server exited with ${code}: ${serverLog}`)));
  });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((resolve) => server!.once("exit", resolve));
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("browser mode on the real engine and the tiny real GGUF", { timeout: 240_000 }, () => {
  it("prints a tokenised 127.0.0.1 URL and streams a chat reply into the page", async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/);
    const token = new URL(url).searchParams.get("token")!;
    const api = (method: string, body: unknown) =>
      fetch(new URL(`/api/rpc/${method}`, url), {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<any>);
    // One thread: the test suite runs other model tests beside this one on two cores.
    await api("settings.update", { threads: 1 });

    const page = await (await browser!.newContext({ locale: "zh-CN" })).newPage();
    await page.goto(url);
    // `--model` registers the file, so no first-run onboarding should cover the studio.
    await page.getByRole("button", { name: "对话" }).waitFor({ state: "visible", timeout: 30_000 });
    expect(await page.getByRole("button", { name: "稍后再说" }).isVisible()).toBe(false);
    await page.getByRole("button", { name: "对话" }).click();
    const reply = page.getByTestId("chat-reply");
    const sessionIds = async (): Promise<string[]> => ((await api("sessions.list", { workflow: "chat" })).sessions ?? []).map((s: { id: string }) => s.id);
    const eventsOf = async (id: string) => (await api("events.list", { sessionId: id, afterSeq: 0 })).events as Array<{ type: string; seq: number; text?: string }>;
    // Random weights: the text means nothing, but it is real llama.cpp output. A reply can end
    // (end-of-generation) before it prints two letters or digits in a row, so the page is asked
    // again, up to three times; an error or a stall fails at once with what the server saw.
    const printable = (events: Array<{ type: string; text?: string }>) =>
      /[A-Za-z0-9\u4e00-\u9fff]{2,}/.exec(events.filter((e) => e.type === "token").map((e) => e.text).join(""))?.[0] ?? "";
    let streamed = "";
    let sessionId = "";
    let events: Array<{ type: string; seq: number; text?: string }> = [];
    for (let attempt = 1; attempt <= 3 && !streamed; attempt++) {
      const before = new Set(await sessionIds());
      await page.getByLabel("输入问题").fill("你好，请介绍一下你自己。");
      await page.getByRole("button", { name: "发送" }).click();
      const started = await waitFor(async () => (await sessionIds()).find((id) => !before.has(id)) ?? "", 45_000);
      if (!started) throw new Error(`the page started no chat session in 45 s (attempt ${attempt}); alerts on the page: ${JSON.stringify(await page.getByRole("alert").allInnerTexts().catch(() => null))}; server: ${serverLog.slice(-2000)}`);
      sessionId = started;
      const ended = await waitFor(async () => {
        events = await eventsOf(sessionId);
        return printable(events) !== "" || events.some((e) => e.type === "done" || e.type === "error");
      }, 150_000);
      if (!ended) throw new Error(`chat session ${sessionId} printed nothing and did not end in 150 s; last events ${JSON.stringify(events.slice(-5))}; server: ${serverLog.slice(-2000)}`);
      expect(events.find((e) => e.type === "error"), "the chat run failed").toBeUndefined();
      streamed = printable(events);
    }
    expect(streamed, `three replies without two printable characters in a row; last: ${JSON.stringify(events.slice(-5))}`).not.toBe("");
    await expect.poll(() => reply.innerText(), { timeout: 30_000 }).toContain(streamed);

    // The session's events, replayed over the HTTP API, are numbered without gaps.
    events = await eventsOf(sessionId);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    await api("run.cancel", { sessionId });
  });
});

/** Poll `probe` every 250 ms until it returns something truthy or `timeoutMs` passes; returns the last value. */
async function waitFor<T>(probe: () => Promise<T>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
