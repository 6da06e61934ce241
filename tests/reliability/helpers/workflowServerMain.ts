/**
 * Server entry for the docgen and paper crash tests: the production HTTP adapter over the
 * production engine wiring, with the scripted model of helpers/workflowScript.ts and a kill point.
 * When the process reaches `--kill-at <point>:<n>` it prints `KILLPOINT <point>:<n>` and stops
 * there (a model call that never returns, or a blocked thread), so the test's SIGKILL lands
 * exactly inside that step. Prints the same URL line as the production entry.
 * Usage: node --import tsx workflowServerMain.ts --data-dir D --token T [--port P] [--kill-at point:n]
 */
import { parseArgs } from "node:util";
import { createServer } from "../../../electron/server/createServer.js";
import { buildWorkflowEngine, parseKillAt } from "./workflowScript.js";

const { values } = parseArgs({ options: { "data-dir": { type: "string" }, token: { type: "string" }, port: { type: "string" }, "kill-at": { type: "string" } } });
const dataDir = values["data-dir"];
const token = values.token;
if (!dataDir || !token) throw new Error("usage: workflowServerMain.ts --data-dir D --token T [--port P] [--kill-at point:n]");

const engine = await buildWorkflowEngine({ dataDir, killAt: parseKillAt(values["kill-at"]) });
const server = await createServer({ api: engine, token, port: Number(values.port ?? "0") });
process.stdout.write(`Scriptorium is running at ${server.url}/?token=${encodeURIComponent(token)}\n`);
const stop = async (): Promise<void> => {
  await server.close().catch(() => undefined);
  await engine.dispose();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
