/**
 * Run inside `unshare --net` (only loopback up) by offline.test.ts: checks that a non-loopback
 * address is unreachable from here, then starts the server as a child (same namespace) and drives
 * one article session to `done` over 127.0.0.1, then a second server (the scripted docgen/paper
 * entry) and one session each of chat, docgen and paper. Prints one JSON line
 * `{"unreachable": …, "status": …, "workflows": {chat, docgen, paper}}`.
 * Usage: node --import tsx namespaceDriver.ts <dataDir> <model.gguf>
 */
import net from "node:net";
import path from "node:path";
import { driveArticle } from "./articleDriver.js";
import { HttpApi } from "./httpApi.js";
import { REPO_ROOT, startServer } from "./serverProcess.js";
import { runEachWorkflow } from "./workflowSessions.js";

const [dataDir, modelPath] = process.argv.slice(2);
if (!dataDir || !modelPath) throw new Error("usage: namespaceDriver.ts <dataDir> <model.gguf>");

/** 192.0.2.1 is TEST-NET-1 (never routed); in an empty namespace the connect fails at once. */
const unreachable = await new Promise<string>((resolve) => {
  const socket = net.connect({ host: "192.0.2.1", port: 80 });
  const timer = setTimeout(() => {
    socket.destroy();
    resolve("timeout");
  }, 3_000);
  socket.once("connect", () => {
    clearTimeout(timer);
    socket.destroy();
    resolve("connected");
  });
  socket.once("error", (error: NodeJS.ErrnoException) => {
    clearTimeout(timer);
    resolve(error.code ?? error.message);
  });
});

const result = await driveArticle({ dataDir, modelPath, token: "netns-token-123456", kills: [], serverArgs: ["--prose-tokens", "16"] });
const state = await result.api.call("run.state", { sessionId: result.sessionId });
await result.server.stop();
const second = await startServer({ dataDir: `${dataDir}-workflows`, token: "netns-token-123456", entry: path.join(REPO_ROOT, "tests/reliability/helpers/workflowServerMain.ts") });
const workflows = await runEachWorkflow(new HttpApi(second.origin, second.token));
await second.stop();
process.stdout.write(`${JSON.stringify({ unreachable, status: state.session.status, events: result.seen.length, workflows })}\n`);
