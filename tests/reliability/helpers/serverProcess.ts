import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Repository root (two folders above tests/reliability/helpers). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
/** The production entry (`npm run web`). */
export const PRODUCTION_SERVER = path.join(REPO_ROOT, "electron/server/main.ts");
/** The crash-test entry: same adapter and engine, capped prose, scripted structured calls (see the file). */
export const CHAOS_SERVER = path.join(REPO_ROOT, "tests/reliability/helpers/chaosServerMain.ts");
const URL_LINE = /Scriptorium is running at (http:\/\/127\.0\.0\.1:\d+)\/\?token=(\S+)/;

export interface StartServerOptions {
  dataDir: string;
  /** Access token (≥ 8 characters). */
  token: string;
  /** GGUF passed as `--model`. */
  modelPath?: string;
  /** How long to wait for the URL line, in ms; default 120 000 (tsx compiles the engine on a loaded 2-core box). */
  startTimeoutMs?: number;
  /** Entry script; default {@link PRODUCTION_SERVER}. */
  entry?: string;
  /** Extra arguments for the entry (e.g. `["--prose-tokens", "16"]` for the crash-test entry). */
  extraArgs?: string[];
  /** Command prefix, e.g. `["unshare", "-rn", ...]`; the server command is appended. */
  prefix?: string[];
}

/** A running `electron/server/main.ts` child process. */
export interface ServerProcess {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  token: string;
  child: ChildProcess;
  /** Everything written to stdout and stderr so far (for failure messages). */
  output(): string;
  /** Resolves with the exit code/signal once the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL and wait for the exit: a crash nobody cleans up after. */
  kill9(): Promise<void>;
  /** SIGTERM (graceful) and wait; falls back to SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Start the HTTP server as a child process and wait for its URL line. The process is node itself
 * with tsx as a loader (not the `tsx` CLI, which forks a second node: SIGKILL would then hit only
 * the wrapper and leave the real server running).
 */
export async function startServer(options: StartServerOptions): Promise<ServerProcess> {
  const entry = options.entry ?? PRODUCTION_SERVER;
  const args = ["--import", "tsx", entry, ...(entry === PRODUCTION_SERVER ? ["--no-open"] : []), "--port", "0", "--data-dir", options.dataDir, "--token", options.token];
  if (options.modelPath) args.push("--model", options.modelPath);
  args.push(...(options.extraArgs ?? []));
  const [command, ...prefixArgs] = options.prefix?.length ? [...options.prefix, process.execPath, ...args] : [process.execPath, ...args];
  const child = spawn(command as string, prefixArgs, { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, LANCEDB_LOG: "error" } });
  let output = "";
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not print its URL within ${options.startTimeoutMs ?? 120_000} ms:\n${output}`)), options.startTimeoutMs ?? 120_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString("utf8");
      const match = URL_LINE.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited before listening (code ${code}, signal ${signal}):\n${output}`));
    });
  });
  const kill = async (signal: NodeJS.Signals): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    origin,
    token: options.token,
    child,
    output: () => output,
    exited,
    kill9: () => kill("SIGKILL"),
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
