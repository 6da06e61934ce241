/**
 * Stress loop for the two-writers team-library race (not a test): two desks import 6 files each
 * at once into one shared LanceDB table on a real versitygw S3 server, a fresh prefix per round,
 * then a reader counts the markers. Prints lost rows per round and a summary.
 *
 *   SCRIPTORIUM_VERSITYGW=… npx tsx bench/lib/teamRaceStress.ts [rounds=30]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Collection } from "../../shared/knowledge.js";
import { KnowledgeService } from "../../electron/engine/knowledge/KnowledgeService.js";
import type { RemoteLibrary } from "../../electron/engine/knowledge/LibraryLocation.js";
import { AppDb } from "../../electron/engine/storage/AppDb.js";
import { HashEmbedder } from "../../tests/knowledge/HashEmbedder.js";
import { startVersitygw, versitygwPath } from "../../tests/team/versitygw.js";
import { committedOverwrites } from "./committedOverwrites.js";

const rounds = Number(process.argv[2] ?? 30);
const binary = versitygwPath();
if (!binary) throw new Error("No versitygw binary: set SCRIPTORIUM_VERSITYGW.");
const s3 = await startVersitygw(binary);
s3.bucket("team");
const root = fs.mkdtempSync(path.join(os.tmpdir(), "team-race-"));

function remote(uri: string, role: RemoteLibrary["role"]): RemoteLibrary {
  return {
    uri,
    role,
    readConsistencySeconds: 0,
    storageOptions: {
      awsEndpoint: s3.endpoint,
      awsRegion: "us-east-1",
      awsAccessKeyId: s3.accessKey,
      awsSecretAccessKey: s3.secretKey,
      allowHttp: "true",
      connect_timeout: "2s",
      client_max_retries: "1",
      client_retry_timeout: "5",
    },
  };
}

function desk(name: string, remotes: Partial<Record<Collection, RemoteLibrary>>) {
  const dataDir = path.join(root, name);
  const db = AppDb.open(dataDir);
  const service = new KnowledgeService({ dataDir, db: db.db, embedder: new HashEmbedder(32), remote: async () => remotes });
  return { service, close: async () => (await service.close(), db.close()) };
}

function folder(name: string, tag: string): string {
  const dir = path.join(root, "docs", name);
  fs.mkdirSync(dir, { recursive: true });
  for (let i = 0; i < 6; i++) fs.writeFileSync(path.join(dir, `${tag}-${i}.md`), `# ${tag} ${i}\n\nDocument ${i} of desk ${tag}: ${tag}${i} marker.`);
  return dir;
}

let lostRounds = 0;
let lostRows = 0;
let failedRounds = 0;
let overwriteRounds = 0;

for (let round = 0; round < rounds; round++) {
  const uri = `s3://team/r${round}`;
  const one = desk(`r${round}-one`, { library: remote(uri, "writer") });
  const two = desk(`r${round}-two`, { library: remote(uri, "writer") });
  const [a, b] = await Promise.all([
    one.service.ingest({ paths: [folder(`r${round}-one`, "one")], collection: "library" }).catch((e: unknown) => ({ failed: [String(e)] })),
    two.service.ingest({ paths: [folder(`r${round}-two`, "two")], collection: "library" }).catch((e: unknown) => ({ failed: [String(e)] })),
  ]);
  const reader = desk(`r${round}-reader`, { library: remote(uri, "reader") });
  const texts = await reader.service.indexedChunks("library");
  const markers = new Set(texts.map((chunk) => /(one|two)\d marker/.exec(chunk.text)?.[0]).filter(Boolean));
  const missing = ["one", "two"].flatMap((tag) => [0, 1, 2, 3, 4, 5].map((i) => `${tag}${i} marker`)).filter((m) => !markers.has(m));
  const failed = [...a.failed, ...b.failed];
  if (failed.length > 0) failedRounds++;
  if (missing.length > 0) {
    lostRounds++;
    lostRows += missing.length;
  }
  const overwrites = committedOverwrites(path.join(s3.root, "team", `r${round}`, "library.lance"));
  if (overwrites.length > 1) overwriteRounds++;
  console.log(`round ${round}: rows ${texts.length}, missing [${missing.join(", ")}], failed ${failed.length}${failed.length ? ` ${JSON.stringify(failed).slice(0, 300)}` : ""}, overwrite commits after v1: [${overwrites.join(", ")}]`);
  await Promise.all([one.close(), two.close(), reader.close()]);
}
console.log(`SUMMARY rounds ${rounds}, lost rounds ${lostRounds}, lost rows ${lostRows}, rounds with failures ${failedRounds}, rounds with a second create (Overwrite) committed after v1 ${overwriteRounds}`);
await s3.stop();
fs.rmSync(root, { recursive: true, force: true });
