import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const tsx = path.join(root, "node_modules", ".bin", "tsx");

// Each spawn starts tsx (seconds on a busy 2-core machine): generous per-test timeouts.
describe("web entry point (spawned)", { timeout: 180_000 }, () => {
  it("an unknown flag is one line on stderr and exit code 2", () => {
    const result = spawnSync(tsx, ["electron/server/main.ts", "--frobnicate"], { cwd: root, encoding: "utf8", timeout: 120_000 });
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain("--frobnicate");
  });

  it("serves the real engine with a generated token and exits cleanly on SIGTERM", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "scriptorium-web-"));
    const child = spawn(tsx, ["electron/server/main.ts", "--no-open", "--port", "0", "--data-dir", dataDir], { cwd: root });
    try {
      let output = "";
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on("data", (chunk: Buffer) => {
          output += chunk.toString("utf8");
          const match = /Scriptorium is running at (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(output);
          if (match?.[1]) resolve(match[1]);
        });
        child.once("exit", (code) => reject(new Error(`exited early with ${code}: ${output}`)));
      });
      const parsed = new URL(url);
      const token = parsed.searchParams.get("token") ?? "";
      expect(token.length).toBeGreaterThanOrEqual(32);
      const health = await fetch(`${parsed.origin}/api/health`, { headers: { Authorization: `Bearer ${token}` } });
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ ok: true });
      expect((await fetch(`${parsed.origin}/api/health`)).status).toBe(401);
      // server.json (0600) for `npm run mcp`: this server's URL and token, removed on exit.
      const discovery = path.join(dataDir, "server.json");
      expect(statSync(discovery).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(discovery, "utf8"))).toEqual({ url: parsed.origin, token, pid: expect.any(Number) });
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(existsSync(discovery)).toBe(false);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
