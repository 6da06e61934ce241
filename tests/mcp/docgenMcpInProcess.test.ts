import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDataDir } from "../../electron/engine/testing/engineTestKit.js";

const dataDir = tempDataDir("mcp-inproc-");
let client: Client;

/** The MCP server with no app to forward to: it opens the engine itself on --data-dir (no model configured). */
beforeAll(async () => {
  client = new Client({ name: "docgen-inproc-test", version: "1.0.0" });
  const env = { ...(process.env as Record<string, string>) };
  delete env.SCRIPTORIUM_URL;
  delete env.SCRIPTORIUM_TOKEN;
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [path.join(process.cwd(), "node_modules", "tsx", "dist", "cli.mjs"), path.join(process.cwd(), "electron", "mcp", "main.ts"), "--data-dir", dataDir],
      env,
      stderr: "pipe",
    }),
  );
}, 120_000);

afterAll(async () => {
  await client?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("MCP server, in-process engine", () => {
  it("review_doc repairs the mechanical violations even with no model: the model's calls fail, the checkers' fixes stand", async () => {
    const result = await client.callTool({ name: "review_doc", arguments: { markdown: "# 标题\n\n在LeanCloud上花了5000元!\n" } }, { timeout: 90_000 });
    expect(result.isError).toBeFalsy();
    const out = result.structuredContent as { status: string; document: string; modules: Array<{ key: string; status: string }> };
    expect(out.status).toBe("done");
    expect(out.document).toBe("# 标题\n\n在 LeanCloud 上花了 5000 元！\n");
    expect(fs.existsSync(path.join(dataDir, "app.db"))).toBe(true);
  });
});
