/**
 * The create race on a shared table, with raw LanceDB on a real versitygw (not a test): per round,
 * several writers create one table at once ("create", existOk — or createShared with `--fixed`) and
 * each appends one row as soon as it has the table. Counts rows whose append succeeded but that are
 * missing afterwards (silent losses), and the appends that failed (the app retries those).
 *
 *   SCRIPTORIUM_VERSITYGW=… npx tsx bench/lib/sharedCreateRace.ts [rounds=30] [writers=4] [--fixed]
 */
import * as lancedb from "@lancedb/lancedb";
import { indexedChunkSchema } from "../../electron/engine/knowledge/IndexedChunk.js";
import { createShared } from "../../electron/engine/knowledge/createShared.js";
import { startVersitygw, versitygwPath } from "../../tests/team/versitygw.js";
import { committedOverwrites } from "./committedOverwrites.js";
import path from "node:path";

const args = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const fixed = process.argv.includes("--fixed");
const rounds = Number(args[0] ?? 30);
const writers = Number(args[1] ?? 4);
const binary = versitygwPath();
if (!binary) throw new Error("No versitygw binary: set SCRIPTORIUM_VERSITYGW.");
const s3 = await startVersitygw(binary);
s3.bucket("team");
const storageOptions = { awsEndpoint: s3.endpoint, awsRegion: "us-east-1", awsAccessKeyId: s3.accessKey, awsSecretAccessKey: s3.secretKey, allowHttp: "true" };
const schema = indexedChunkSchema(4, "race");
const row = (id: string) => ({ id, source_id: id, text: id, heading_path: "", meta: "{}", page: null, line_start: null, line_end: null, lang: "en", vector: [1, 0, 0, 0] });

let silentRounds = 0;
let silentRows = 0;
let failedAppends = 0;
let lateCreates = 0;
for (let round = 0; round < rounds; round++) {
  const uri = `s3://team/c${round}`;
  const dbs = await Promise.all(Array.from({ length: writers }, () => lancedb.connect(uri, { storageOptions, readConsistencyInterval: 0 })));
  const results = await Promise.allSettled(
    dbs.map(async (db, i) => {
      // Staggered by a millisecond each: the later writers' existence checks straddle the first commit.
      await new Promise((resolve) => setTimeout(resolve, i));
      const table = fixed ? await createShared(db, "t", schema) : await db.createEmptyTable("t", schema, { mode: "create", existOk: true });
      await table.add([row(`w${i}`)]);
      return `w${i}`;
    }),
  );
  const written = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  failedAppends += results.length - written.length;
  const table = await dbs[0]!.openTable("t");
  const ids = new Set(((await table.query().select(["id"]).toArray()) as Array<{ id: string }>).map((r) => String(r.id)));
  const lost = written.filter((id) => !ids.has(id));
  if (lost.length > 0) {
    silentRounds++;
    silentRows += lost.length;
    console.log(`round ${round}: committed but missing [${lost.join(", ")}], rows now [${[...ids].sort().join(", ")}]`);
  }
  if (committedOverwrites(path.join(s3.root, "team", `c${round}`, "t.lance")).length > 1) lateCreates++;
  const failures = results.flatMap((result) => (result.status === "rejected" ? [String(result.reason).slice(0, 160)] : []));
  if (failures.length > 0) console.log(`round ${round}: failed ${JSON.stringify(failures)}`);
  table.close();
  for (const db of dbs) db.close();
}
console.log(`SUMMARY ${fixed ? "createShared" : "createEmptyTable existOk"}: rounds ${rounds}, writers ${writers}, rounds with silent losses ${silentRounds}, rows lost ${silentRows}, failed create/appends ${failedAppends}, rounds where a second create landed over the table ${lateCreates}`);
await s3.stop();
