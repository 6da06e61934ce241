import { spawn } from "node:child_process";
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");
const TSX = resolve(ROOT, "node_modules/.bin/tsx");

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Run `npm run cli -- …` as a child process (the real entry point, electron/cli/main.ts) and collect its streams. */
export function runCliProcess(args: readonly string[], timeoutMs = 300_000): Promise<CliRun> {
  return new Promise((done, fail) => {
    const child = spawn(TSX, ["electron/cli/main.ts", ...args], { cwd: ROOT, env: { ...process.env, FORCE_COLOR: "0" } });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGTERM"), timeoutMs);
    child.on("error", fail);
    child.on("close", (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}
