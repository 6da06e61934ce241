/**
 * Server entry for the crash tests: the production HTTP adapter (`createServer`) over the
 * production engine wiring (`createAppEngine`: app.db (checkpoints included), the article graph, the cache
 * dir, every port), with llama.cpp
 * really generating every prose call on the tiny GGUF, so a SIGKILL can land inside native
 * generation. Two things differ from `electron/server/main.ts`, both for speed on a 2-core CI box:
 * prose calls are capped at a few tokens, and structured calls (intent, keywords, outline,
 * reviews) come from the article script double, because random weights need minutes to close a
 * grammar-constrained JSON object. Research uses the deterministic fake search, so there are
 * materials to cite. Prints the same URL line as the production entry.
 * Usage: node --import tsx chaosServerMain.ts --data-dir D --token T --model tiny.gguf [--port P] [--prose-tokens N]
 */
import { parseArgs } from "node:util";
import { createAppEngine } from "../../../electron/engine/createAppEngine.js";
import { LlmService } from "../../../electron/engine/llm/LlmService.js";
import { physicalCoreCount } from "../../../electron/engine/llm/physicalCoreCount.js";
import { FakeSearch } from "../../../electron/engine/testing/articleTestKit.js";
import { createServer } from "../../../electron/server/createServer.js";
import { hybridArticleLlm } from "./hybridArticleLlm.js";

const { values } = parseArgs({
  options: { "data-dir": { type: "string" }, token: { type: "string" }, model: { type: "string" }, port: { type: "string" }, "prose-tokens": { type: "string" } },
});
const dataDir = values["data-dir"];
const token = values.token;
const modelPath = values.model;
if (!dataDir || !token || !modelPath) throw new Error("usage: chaosServerMain.ts --data-dir D --token T --model file.gguf [--port P]");

const service = new LlmService();
await service.load({ modelPath, threads: physicalCoreCount(), sequences: 2, contextSize: 1024 });
const llm = hybridArticleLlm(service, Number(values["prose-tokens"] ?? "48"));
const engine = await createAppEngine({ dataDir, llm, search: new FakeSearch(), onDispose: () => service.dispose() });
const server = await createServer({ api: engine, token, port: Number(values.port ?? "0") });
process.stdout.write(`Scriptorium is running at ${server.url}/?token=${encodeURIComponent(token)}\n`);
const stop = async (): Promise<void> => {
  await server.close().catch(() => undefined);
  await engine.dispose();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
