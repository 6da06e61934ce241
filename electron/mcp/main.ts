import path from "node:path";
import { parseArgs } from "node:util";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import type { ScriptoriumApi } from "../../shared/api.js";
import { createMcpServer } from "./createMcpServer.js";
import { HttpForwardApi } from "./HttpForwardApi.js";
import { candidateDataDirs, findInDataDirs } from "../server/serverDiscovery.js";

/**
 * `npm run mcp`: the doc generator as an MCP server over stdio. It forwards to a running app's
 * loopback server, so the model loads once: the one named by `--forward URL --token T` (or
 * SCRIPTORIUM_URL / SCRIPTORIUM_TOKEN), else the one a running desktop app or `npm run web`
 * published in its data dir's server.json (`--data-dir`, else ~/.scriptorium and the desktop app's
 * userData; a stale file — dead pid, no health answer — is ignored). With none it opens the engine
 * in-process on `--data-dir` (and `--model`). `--output-dir DIR` is the one folder tools may write
 * into (review_doc's `output_docx`).
 * stdout is the protocol: everything else goes to stderr.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { "data-dir": { type: "string" }, model: { type: "string" }, forward: { type: "string" }, token: { type: "string" }, "output-dir": { type: "string" } },
    strict: true,
  });
  const forward = values.forward ?? process.env.SCRIPTORIUM_URL;
  let api: ScriptoriumApi;
  let dispose: () => Promise<void> = async () => undefined;
  const found = forward ? null : await findInDataDirs(values["data-dir"] ? [values["data-dir"]] : candidateDataDirs());
  if (forward) {
    api = new HttpForwardApi(forward, values.token ?? process.env.SCRIPTORIUM_TOKEN ?? "");
    console.error(`[mcp] forwarding to ${forward}`);
  } else if (found) {
    api = new HttpForwardApi(found.url, found.token);
    console.error(`[mcp] forwarding to the running app at ${found.url} (found in ${found.dataDir})`);
  } else {
    const [{ createAppEngine }, { defaultDataDir }] = await Promise.all([import("../engine/createAppEngine.js"), import("../engine/dataDir.js")]);
    const engine = await createAppEngine({ dataDir: values["data-dir"] ?? defaultDataDir(), ...(values.model ? { modelPath: values.model } : {}) });
    api = engine;
    dispose = () => engine.dispose();
    console.error("[mcp] engine opened in-process");
  }
  // review_doc's output_docx writes only here; without the flag (or SCRIPTORIUM_MCP_OUTPUT_DIR) no tool writes files.
  const outputDir = values["output-dir"] ?? process.env.SCRIPTORIUM_MCP_OUTPUT_DIR ?? null;
  const handle = serveStdio(() => createMcpServer(api, undefined, undefined, { outputDir: outputDir ? path.resolve(outputDir) : null }));
  const stop = async () => {
    await handle.close().catch(() => undefined);
    await dispose();
    process.exit(0);
  };
  process.stdin.on("end", () => void stop());
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
}

main().catch((error: unknown) => {
  console.error(`[mcp] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
