import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mallocTunables, onGlibc } from "./relaunchWithMallocTunables.js";

const glibc = onGlibc();

const root = path.resolve(import.meta.dirname, "../..");
const HOST = ["--import", "tsx", path.join(root, "tests/fixtures/relaunchHost.ts")];
const env = () => {
  const copy = { ...process.env };
  delete copy.GLIBC_TUNABLES;
  return copy;
};

interface HostLine {
  pid: number;
  ppid: number;
  tunables: string | null;
  marker: string | null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("mallocTunables", () => {
  it("sets one arena per core and all three thresholds (any one set turns glibc's dynamic threshold off)", () => {
    expect(mallocTunables(2)).toBe("glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=134217728:glibc.malloc.top_pad=16777216");
    expect(mallocTunables(0)).toMatch(/^glibc\.malloc\.arena_max=1:/);
  });
});

describe("relaunchWithMallocTunables (spawned hosts)", { timeout: 120_000 }, () => {
  it("runs the host as a copy with the tunables and leaves with the copy's exit code", () => {
    const result = spawnSync(process.execPath, [...HOST, "exit", "7"], { cwd: root, env: env(), encoding: "utf8", timeout: 60_000 });
    expect(result.status).toBe(7);
    const line = JSON.parse(result.stdout.trim()) as HostLine;
    // Only glibc reads GLIBC_TUNABLES: elsewhere the host runs as started.
    expect(line.tunables).toBe(glibc ? mallocTunables() : null);
    // The copy's marker is not passed on to what the copy starts.
    expect(line.marker).toBeNull();
    expect(line.pid === result.pid).toBe(!glibc);
  });

  it("keeps a GLIBC_TUNABLES the user set and does not relaunch", () => {
    const result = spawnSync(process.execPath, [...HOST, "exit", "0"], { cwd: root, env: { ...env(), GLIBC_TUNABLES: "glibc.malloc.arena_max=4" }, encoding: "utf8", timeout: 60_000 });
    expect(result.status).toBe(0);
    const line = JSON.parse(result.stdout.trim()) as HostLine;
    expect(line).toMatchObject({ pid: result.pid, tunables: "glibc.malloc.arena_max=4" });
  });

  it("runs the host here, with a line on stderr, when no copy can be started", () => {
    const result = spawnSync(process.execPath, [...HOST, "exit", "5"], { cwd: root, env: { ...env(), RELAUNCH_HOST_BAD_EXEC: "1" }, encoding: "utf8", timeout: 60_000 });
    expect(result.status).toBe(5);
    expect(JSON.parse(result.stdout.trim())).toMatchObject({ pid: result.pid, tunables: null });
    if (glibc) expect(result.stderr).toMatch(/malloc settings not applied \(.*ENOENT.*\); running with glibc's defaults/);
  });

  it("passes SIGTERM on to the copy, which shuts down cleanly", async () => {
    const launcher = spawn(process.execPath, [...HOST, "wait"], { cwd: root, env: env() });
    try {
      let output = "";
      await new Promise<void>((resolve, reject) => {
        launcher.stdout.on("data", (chunk: Buffer) => {
          output += chunk.toString("utf8");
          if (output.includes("\n")) resolve();
        });
        launcher.once("exit", (code) => reject(new Error(`exited early with ${code}`)));
      });
      const exited = new Promise<number | null>((resolve) => launcher.once("exit", (code) => resolve(code)));
      launcher.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(output).toContain("term\n");
    } finally {
      if (launcher.exitCode === null) launcher.kill("SIGKILL");
    }
  });

  it("a copy whose launcher is SIGKILLed stops itself instead of running on", async () => {
    const launcher = spawn(process.execPath, [...HOST, "wait"], { cwd: root, env: env() });
    let host = 0;
    try {
      host = await new Promise<number>((resolve, reject) => {
        let output = "";
        launcher.stdout.on("data", (chunk: Buffer) => {
          output += chunk.toString("utf8");
          if (output.includes("\n")) resolve((JSON.parse(output.split("\n")[0]!) as HostLine).pid);
        });
        launcher.once("exit", (code) => reject(new Error(`exited early with ${code}`)));
      });
      launcher.kill("SIGKILL");
      await expect.poll(() => alive(host)).toBe(false);
    } finally {
      if (launcher.exitCode === null) launcher.kill("SIGKILL");
      if (host && alive(host)) process.kill(host, "SIGKILL");
    }
  });
});
