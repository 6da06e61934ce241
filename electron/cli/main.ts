import type { DisposableApi } from "../../shared/cli/CliContext.js";
import { consoleToStderr } from "./consoleToStderr.js";
import { runCli } from "./runCli.js";

consoleToStderr();

/** `npm run cli -- <command>`: the command-line adapter of the contract, over an in-process engine. */
let engine: DisposableApi | null = null;
let interrupted = false;
const onSignal = (): void => {
  if (interrupted) process.exit(130);
  interrupted = true;
  // The run is checkpointed; disposing releases the model and databases cleanly before exiting.
  void (engine?.dispose() ?? Promise.resolve()).finally(() => process.exit(130));
};
process.on("SIGINT", onSignal);
process.on("SIGTERM", onSignal);

const code = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr }, async (flags) => {
  // Imported on demand: usage errors and `lint` never load SQLite, LanceDB or llama.cpp.
  const [{ createAppEngine }, { defaultDataDir }] = await Promise.all([import("../engine/createAppEngine.js"), import("../engine/dataDir.js")]);
  engine = await createAppEngine({ dataDir: flags.dataDir ?? defaultDataDir(), ...(flags.modelPath ? { modelPath: flags.modelPath } : {}) });
  return engine;
});
// Let stdout drain before exiting (a piped `--json` consumer must get every line).
process.stdout.write("", () => process.exit(code));
