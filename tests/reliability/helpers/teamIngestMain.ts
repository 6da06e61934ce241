/**
 * Child process for teamLibraryCrash.test.ts: imports a folder into a team library on S3 as its
 * writer (real KnowledgeService, LanceDB and app.db; a slow embedder so the parent can kill it
 * mid-import). The store is read from the AWS_* environment.
 * Usage: node --import tsx teamIngestMain.ts <dataDir> <s3 uri> <folder>
 * Prints `file <done>/<total>` per file and `DONE <ingested>` at the end.
 */
import { KnowledgeService } from "../../../electron/engine/knowledge/KnowledgeService.js";
import { AppDb } from "../../../electron/engine/storage/AppDb.js";
import { resolveRemoteLibrary } from "../../../electron/engine/knowledge/LibraryLocation.js";
import { SettingsSchema } from "../../../shared/models.js";
import { HashEmbedder } from "../../knowledge/HashEmbedder.js";

const [dataDir, uri, folder] = process.argv.slice(2);
if (!dataDir || !uri || !folder) throw new Error("usage: <dataDir> <s3 uri> <folder>");

class SlowEmbedder extends HashEmbedder {
  override async embed(texts: string[]): Promise<Float32Array[]> {
    await new Promise((resolve) => setTimeout(resolve, 150));
    return super.embed(texts);
  }
}

const remote = await resolveRemoteLibrary("library", SettingsSchema.parse({}), { override: { collection: "library", uri, role: "writer" } });
const appDb = AppDb.open(dataDir);
const service = new KnowledgeService({ dataDir, db: appDb.db, embedder: new SlowEmbedder(32), batchSize: 1, remote: async () => ({ library: remote! }) });
const report = await service.ingest(
  { paths: [folder], collection: "library" },
  { onProgress: (p) => p.phase === "file" && console.log(`file ${p.done}/${p.total}`) },
);
console.log(`DONE ${report.ingested.length} unchanged ${report.unchanged.length} failed ${report.failed.length}`);
await service.close();
appDb.close();
