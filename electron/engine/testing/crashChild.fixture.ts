/**
 * Child process for the crash-recovery test: starts a chat run whose LLM never finishes, prints the
 * session id once a token is durable, then waits to be killed with SIGKILL.
 * Usage: node --import tsx crashChild.fixture.ts <dataDir>
 */
import { createEngine } from "../createEngine.js";
import { hangingLlm } from "./engineTestKit.js";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: crashChild.fixture.ts <dataDir>");
const engine = await createEngine({ dataDir, llm: hangingLlm(), appVersion: "crash-child" });
const { sessionId } = await engine.call("run.start", { workflow: "chat", input: { prompt: "killed mid-step" } });
let announced = false;
engine.subscribe(sessionId, 0, (event) => {
  if (event.type === "token" && !announced) {
    announced = true;
    process.stdout.write(`${JSON.stringify({ sessionId })}\n`);
  }
});
setInterval(() => undefined, 1000);
