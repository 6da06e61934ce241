/**
 * Child process for folderCrash.test.ts: follows one bound folder with the real FolderBindings,
 * KnowledgeService, LanceDB and app.db, and a slow counting embedder that appends every text it
 * embeds to a log file (so the parent can count embeddings across a SIGKILL).
 * Usage: node --import tsx folderSyncMain.ts <dataDir> <embedLog> bind <folder> | start
 * Prints `file <done>/<total>` per file and `DONE <summary>` when the pass has finished.
 */
import fs from "node:fs";
import { FolderBindings } from "../../../electron/engine/knowledge/FolderBindings.js";
import { KnowledgeService } from "../../../electron/engine/knowledge/KnowledgeService.js";
import { AppDb } from "../../../electron/engine/storage/AppDb.js";
import { HashEmbedder } from "../../knowledge/HashEmbedder.js";

const [dataDir, embedLog, mode, folder] = process.argv.slice(2);
if (!dataDir || !embedLog || (mode !== "bind" && mode !== "start")) throw new Error("usage: <dataDir> <embedLog> bind <folder> | start");

class SlowLoggingEmbedder extends HashEmbedder {
  override async embed(texts: string[]): Promise<Float32Array[]> {
    await new Promise((resolve) => setTimeout(resolve, 120));
    fs.appendFileSync(embedLog!, texts.map((text) => JSON.stringify(text) + "\n").join(""));
    return super.embed(texts);
  }
}

const appDb = AppDb.open(dataDir);
const service = new KnowledgeService({ dataDir, db: appDb.db, embedder: new SlowLoggingEmbedder(32), batchSize: 1 });
const bindings = new FolderBindings({
  db: appDb.db,
  knowledge: () => service,
  runTask: (kind, work) => {
    const controller = new AbortController();
    void work((p) => {
      if (p.phase === "file") console.log(`file ${p.done}/${p.total}`);
    }, controller.signal).then(
      (summary) => console.log(`DONE ${summary}`),
      (error: unknown) => console.log(`FAILED ${String(error)}`),
    );
    return { taskId: kind };
  },
});
if (mode === "bind") await bindings.bind({ path: folder!, collection: "library" });
else bindings.startAll();
// Stay alive (watching) until the parent stops us.
setInterval(() => undefined, 60_000);
