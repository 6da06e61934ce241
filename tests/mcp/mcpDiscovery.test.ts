import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Engine } from "../../electron/engine/Engine.js";
import { docgenEngine } from "../../electron/engine/testing/docgenTestKit.js";
import { tempDataDir } from "../../electron/engine/testing/engineTestKit.js";
import { ScriptedLlm } from "../../electron/engine/testing/ScriptedLlm.js";
import { candidateDataDirs, DISCOVERY_FILE, findRunningServer, startDiscoverableServer, writeDiscovery, type DiscoverableServer } from "../../electron/server/serverDiscovery.js";

/**
 * The running app publishes <dataDir>/server.json; `npm run mcp` (spawned over stdio, the official
 * SDK client) finds it with no URL or token given and forwards to it. Real engine, real loopback
 * HTTP server, scripted review model.
 */
let engine: Engine;
let dataDir: string;
let app: DiscoverableServer;
const work = tempDataDir("mcp-discovery-work-");

beforeAll(async () => {
  ({ engine, dataDir } = await docgenEngine(new ScriptedLlm({ replies: { reviewer: { violations: [] } } })));
  app = await startDiscoverableServer({ api: engine, dataDir });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await engine?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
});

/** A pid that is certainly not running: a child that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

describe("server.json discovery", () => {
  it("the app's file is 0600, names a loopback URL, its token and pid, and answers health", async () => {
    const file = path.join(dataDir, DISCOVERY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const entry = JSON.parse(fs.readFileSync(file, "utf8"));
    expect(entry).toEqual({ url: app.url, token: app.token, pid: process.pid });
    expect(app.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await findRunningServer(dataDir)).toEqual(entry);
  });

  it("a stale file is ignored: dead pid, wrong token, nothing listening, malformed, non-loopback", async () => {
    const dir = tempDataDir("mcp-stale-");
    try {
      const write = (value: unknown) => fs.writeFileSync(path.join(dir, DISCOVERY_FILE), JSON.stringify(value));
      write({ url: app.url, token: app.token, pid: deadPid() });
      expect(await findRunningServer(dir)).toBeNull();
      write({ url: app.url, token: "wrong-token", pid: process.pid });
      expect(await findRunningServer(dir)).toBeNull();
      write({ url: "http://127.0.0.1:1", token: app.token, pid: process.pid });
      expect(await findRunningServer(dir)).toBeNull();
      write({ url: "http://example.com:80", token: app.token, pid: process.pid });
      expect(await findRunningServer(dir)).toBeNull();
      fs.writeFileSync(path.join(dir, DISCOVERY_FILE), "{not json");
      expect(await findRunningServer(dir)).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("removing is only for the writer: a file another instance replaced stays", async () => {
    const dir = tempDataDir("mcp-remove-");
    try {
      const remove = await writeDiscovery(dir, { url: "http://127.0.0.1:9", token: "t", pid: process.pid });
      fs.writeFileSync(path.join(dir, DISCOVERY_FILE), JSON.stringify({ url: "http://127.0.0.1:10", token: "u", pid: 12345 }));
      remove();
      expect(fs.existsSync(path.join(dir, DISCOVERY_FILE))).toBe(true);
      const mine = await writeDiscovery(dir, { url: "http://127.0.0.1:9", token: "t", pid: process.pid });
      mine();
      expect(fs.existsSync(path.join(dir, DISCOVERY_FILE))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("looks in ~/.scriptorium and the desktop app's userData", () => {
    expect(candidateDataDirs("/home/u", "linux", {})).toEqual(["/home/u/.scriptorium", "/home/u/.config/Scriptorium", "/home/u/.config/scriptorium"]);
    expect(candidateDataDirs("/Users/u", "darwin", {})[1]).toBe("/Users/u/Library/Application Support/Scriptorium");
  });
});

describe("npm run mcp finds the running app and forwards to it (official SDK client over stdio)", () => {
  it("review_doc runs in the app's engine, with no URL or token given", async () => {
    const env = { ...(process.env as Record<string, string>) };
    delete env.SCRIPTORIUM_URL;
    delete env.SCRIPTORIUM_TOKEN;
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.join(process.cwd(), "node_modules", "tsx", "dist", "cli.mjs"), path.join(process.cwd(), "electron", "mcp", "main.ts"), "--data-dir", dataDir],
      env,
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: "discovery-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      const doc = "# 标题\n\n在LeanCloud上花了5000元。\n";
      const result = await client.callTool({ name: "review_doc", arguments: { markdown: doc } });
      expect(result.isError).toBeFalsy();
      const out = result.structuredContent as { job_id: string; document: string };
      expect(out.document).toBe("# 标题\n\n在 LeanCloud 上花了 5000 元。\n");
      // The run is the app's: its own engine lists the session.
      const sessions = await engine.call("sessions.list", { workflow: "docgen" });
      expect(sessions.sessions.map((s) => s.id)).toContain(out.job_id);
      expect(stderr).toContain(`forwarding to the running app at ${app.url}`);
    } finally {
      await client.close();
    }
  }, 120_000);
});
