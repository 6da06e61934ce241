import type { DisposableApi } from "../../shared/cli/CliContext.js";
import { consoleToStderr } from "./consoleToStderr.js";
import { runCli } from "./runCli.js";
import { ScriptoriumError } from "../../shared/errors.js";
import type { Collection } from "../../shared/knowledge.js";
import type { LibraryOverride } from "../engine/knowledge/LibraryLocation.js";

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

// LanceDB's native calls (napi + tokio) hold no reference on the event loop: while a command waits
// only on them (an import writing its table), Node saw nothing pending and exited mid-write with
// "unsettled top-level await". A timer keeps the process up until the command returns.
const keepAlive = setInterval(() => undefined, 60_000);
const code = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr }, async (flags, command) => {
  // Imported on demand: usage errors and `lint` never load SQLite, LanceDB or llama.cpp.
  const [{ createAppEngine }, { defaultDataDir }] = await Promise.all([import("../engine/createAppEngine.js"), import("../engine/dataDir.js")]);
  engine = await createAppEngine({
    dataDir: flags.dataDir ?? defaultDataDir(),
    ...(flags.modelPath ? { modelPath: flags.modelPath } : {}),
    ...(flags.library ? { knowledgeOptions: { libraryOverride: await libraryOverride(String(flags.library), typeof flags.collection === "string" ? flags.collection : undefined, command) } } : {}),
  });
  return engine;
});
/** `--library s3://…`: `ingest` writes the team library (it is the writer for this run); every other command reads it. */
async function libraryOverride(uri: string, collection: string | undefined, command: string | undefined): Promise<LibraryOverride> {
  const { parseLibraryUri } = await import("../engine/knowledge/LibraryLocation.js");
  const target = (collection ?? "library") as Collection;
  if (target === "rules") throw new ScriptoriumError("bad_request", "--library applies to the library, papers or code collection, not rules.");
  return { collection: target, uri: parseLibraryUri(uri).uri, role: command === "ingest" ? "writer" : "reader" };
}

// Let stdout drain before exiting (a piped `--json` consumer must get every line).
clearInterval(keepAlive);
process.stdout.write("", () => process.exit(code));
