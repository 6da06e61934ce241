import { spawn } from "node:child_process";
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run cli -- …` as a child process (the real entry point) with extra environment variables. */
export function runCliWithEnv(args: readonly string[], env: Record<string, string>, timeoutMs = 240_000): Promise<CliRun> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ["--import", "tsx", "electron/cli/main.ts", ...args], {
      cwd: ROOT,
      env: { ...process.env, FORCE_COLOR: "0", LANCEDB_LOG: "error", ...env },
    });
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
