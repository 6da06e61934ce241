import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const tsx = path.join(root, "node_modules", ".bin", "tsx");

/** The real entry point, as `npm run cli --` runs it. */
function runMain(args: string[]) {
  const result = spawnSync(tsx, ["electron/cli/main.ts", ...args], { cwd: root, encoding: "utf8", timeout: 120_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

// Each spawn starts tsx (seconds on a busy 2-core machine): generous per-test timeouts.
describe("cli main (spawned)", { timeout: 240_000 }, () => {
  it("health opens the real engine on a temp data dir and prints JSON", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "scriptorium-cli-main-"));
    try {
      const result = runMain(["health", "--json", "--data-dir", dataDir]);
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      const health = JSON.parse(result.stdout) as { ok: boolean; sqliteVersion: string };
      expect(health.ok).toBe(true);
      expect(health.sqliteVersion).toMatch(/^3\.\d+\.\d+$/);
      const sessions = runMain(["sessions", "list", "--json", "--data-dir", dataDir]);
      expect(JSON.parse(sessions.stdout)).toEqual({ sessions: [] });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("lint reports violations as JSON (exit 1) and --fix prints the fixed document", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "scriptorium-lint-"));
    try {
      const file = path.join(dir, "doc.md");
      writeFileSync(file, "# 标题\n\n这是一个测试,包含英文English混排。\n");
      const lint = runMain(["lint", file, "--json"]);
      expect(lint.code).toBe(1);
      const { violations } = JSON.parse(lint.stdout) as { violations: Array<{ rule: string; line: number; column: number; message: string }> };
      expect(violations.length).toBeGreaterThan(0);
      for (const v of violations) {
        expect(v.line).toBe(3);
        expect(v.column).toBeGreaterThan(0);
        expect(v.message.length).toBeGreaterThan(0);
      }
      const fixed = runMain(["lint", file, "--fix"]);
      expect(fixed.code).toBe(0);
      writeFileSync(file, fixed.stdout);
      const again = runMain(["lint", file, "--json"]);
      expect(again.code).toBe(0);
      expect(JSON.parse(again.stdout)).toEqual({ violations: [] });
      expect(runMain(["lint", path.join(dir, "missing.md")]).code).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("an unknown flag is a one-line usage error with exit code 2", () => {
    const result = runMain(["health", "--no-such-flag"]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain("--no-such-flag");
  });

  it("no command prints the usage on stderr with exit code 2; --help on stdout with 0", () => {
    const none = runMain([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("usage: npm run cli");
    const help = runMain(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("article resume <id> <action>");
  });
});
