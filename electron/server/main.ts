import path from "node:path";
import { fileURLToPath } from "node:url";
import { toApiError } from "../../shared/errors.js";
import { createServer } from "./createServer.js";
import { openBrowser } from "./openBrowser.js";
import { parseServerArgs, SERVER_USAGE } from "./parseServerArgs.js";
import { writeDiscovery } from "./serverDiscovery.js";
import { loadOrCreateToken } from "./serverToken.js";

/**
 * Browser mode: `npm run web -- [--port N] [--data-dir D] [--token T] [--model file.gguf] [--no-open]`.
 * The npm script starts this process with glibc malloc settings that keep LanceDB's search buffers
 * warm (a new server's first searches are faster; figures in bench/lib/mallocTunables.ts).
 */
async function main(): Promise<void> {
  let args;
  try {
    args = parseServerArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`scriptorium web: ${toApiError(error).message} (${SERVER_USAGE})\n`);
    process.exit(2);
  }
  // Imported after the arguments are known good: a usage error never loads SQLite or llama.cpp.
  const [{ createAppEngine }, { defaultDataDir }] = await Promise.all([import("../engine/createAppEngine.js"), import("../engine/dataDir.js")]);
  const dataDir = args.dataDir ?? defaultDataDir();
  // Kept in the data dir (0600) unless --token is given, so an open tab survives a restart.
  const token = args.token ?? (await loadOrCreateToken(dataDir));
  const engine = await createAppEngine({ dataDir, ...(args.modelPath ? { modelPath: args.modelPath } : {}) });
  const staticDir = fileURLToPath(new URL("../../dist/renderer", import.meta.url));
  const server = await createServer({ api: engine, token, host: args.host, port: args.port, staticDir, uploadDir: path.join(dataDir, "uploads") });
  // server.json (0600) lets `npm run mcp` find this server and forward to it (one model load).
  const removeDiscovery = await writeDiscovery(dataDir, { url: server.url, token, pid: process.pid });
  const url = `${server.url}/?token=${encodeURIComponent(token)}`;
  process.stdout.write(`Scriptorium is running at ${url}\n`);
  if (args.open) openBrowser(url);

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n${signal}: shutting down…\n`);
    removeDiscovery();
    await server.close().catch(() => undefined);
    await engine.dispose();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error: unknown) => {
  process.stderr.write(`scriptorium web: ${toApiError(error).message}\n`);
  process.exit(1);
});
