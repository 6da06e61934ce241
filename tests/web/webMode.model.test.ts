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
    let out = "";
    const timer = setTimeout(() => reject(new Error(`server did not print its URL: ${out}`)), 60_000);
    server!.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Scriptorium is running at (\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    server!.stderr!.on("data", (chunk: Buffer) => (out += chunk.toString()));
    server!.on("exit", (code) => reject(new Error(`server exited with ${code}: ${out}`)));
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
    await page.getByLabel("输入问题").fill("你好，请介绍一下你自己。");
    await page.getByRole("button", { name: "发送" }).click();
    const reply = page.getByTestId("chat-reply");
    const sessionId = async (): Promise<string | undefined> => (await api("sessions.list", { workflow: "chat" })).sessions?.[0]?.id;
    const tokenEvents = async () => {
      const id = await sessionId();
      return id ? ((await api("events.list", { sessionId: id, afterSeq: 0 })).events as Array<{ type: string; seq: number; text?: string }>) : [];
    };
    // Random weights: the text means nothing, but it is real llama.cpp output. Wait for a printable
    // run in the streamed tokens, then see the same characters in the page.
    const printable = async () => /[A-Za-z0-9\u4e00-\u9fff]{2,}/.exec((await tokenEvents()).filter((e) => e.type === "token").map((e) => e.text).join(""))?.[0] ?? "";
    await expect.poll(printable, { timeout: 180_000 }).not.toBe("");
    const streamed = await printable();
    await expect.poll(() => reply.innerText(), { timeout: 30_000 }).toContain(streamed);

    // The session's events, replayed over the HTTP API, are numbered without gaps.
    const events = await tokenEvents();
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    await api("run.cancel", { sessionId: await sessionId() });
  });
});
