// Raw LanceDB on versitygw (not a test): one writer creates + appends while others create with existOk.
// A late create lands as an Overwrite at version 2+ and wipes the first writer's rows.
//   npx tsx bench/lib/sharedCreateRace.ts [rounds] [other writers]
import * as lancedb from "@lancedb/lancedb";
import { indexedChunkSchema } from "../../electron/engine/knowledge/IndexedChunk.ts";
import { startVersitygw } from "../../tests/team/versitygw.ts";
const s3 = await startVersitygw(process.env.SCRIPTORIUM_VERSITYGW!);
s3.bucket("team");
const storageOptions = { awsEndpoint: s3.endpoint, awsRegion: "us-east-1", awsAccessKeyId: s3.accessKey, awsSecretAccessKey: s3.secretKey, allowHttp: "true" };
const schema = indexedChunkSchema(4, "m");
const row = (id: string) => ({ id, source_id: id, text: id, heading_path: "", meta: "{}", page: null, line_start: null, line_end: null, lang: "en", vector: [1, 0, 0, 0] });
let lost = 0, errors = 0; const rounds = Number(process.argv[2] ?? 30); const others = Number(process.argv[3] ?? 3);
for (let r = 0; r < rounds; r++) {
  const uri = `s3://team/c${r}`;
  const dbs = await Promise.all(Array.from({ length: others + 1 }, () => lancedb.connect(uri, { storageOptions, readConsistencyInterval: 0 })));
  const results = await Promise.allSettled([
    (async () => { const t = await dbs[0]!.createEmptyTable("t", schema, { mode: "create", existOk: true }); await t.add([row("a0")]); await t.add([row("a1")]); })(),
    ...dbs.slice(1).map(async (db, i) => { await new Promise((res) => setTimeout(res, i)); const t = await db.createEmptyTable("t", schema, { mode: "create", existOk: true }); await t.add([row(`b${i}`)]); }),
  ]);
  const bad = results.filter((x) => x.status === "rejected");
  if (bad.length) { errors++; console.log(`round ${r} errors`, bad.map((x: any) => String(x.reason).slice(0, 200))); }
  const t = await dbs[0]!.openTable("t");
  const ids = ((await t.query().select(["id"]).toArray()) as Array<{ id: string }>).map((x) => x.id).sort();
  const versions = await t.listVersions();
  const expected = 2 + others;
  if (ids.length < expected - bad.length) { lost++; console.log(`round ${r}: rows ${ids.join(",")} versions ${versions.length}`); }
  for (const db of dbs) db.close();
}
console.log(`SUMMARY rounds ${rounds}, lost rounds ${lost}, error rounds ${errors}`);
await s3.stop();
