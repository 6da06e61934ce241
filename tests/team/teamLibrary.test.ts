import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Collection } from "../../shared/knowledge.js";
import { ScriptoriumError } from "../../shared/errors.js";
import { KnowledgeService } from "../../electron/engine/knowledge/KnowledgeService.js";
import type { RemoteLibrary } from "../../electron/engine/knowledge/LibraryLocation.js";
import { AppDb } from "../../electron/engine/storage/AppDb.js";
import { HashEmbedder } from "../knowledge/HashEmbedder.js";
import { describeS3, startVersitygw, type S3Server } from "./versitygw.js";
import { startHoldingProxy } from "./holdingProxy.js";
import { committedOverwrites } from "../../bench/lib/committedOverwrites.js";

/**
 * The team library on a real S3 server (versitygw over a scratch folder): a writer and readers
 * with separate data dirs, a reader's write refused, the embedding model enforced, three writers
 * appending at once, the create races forced in their worst order (a late create over another
 * writer's rows, with two and three writers; a late `__manifest` create), and an unreachable
 * bucket reported as such while the local library works.
 */
describeS3("team library on S3 (versitygw)", (binary) => {
  let s3: S3Server;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "team-library-"));
  const open: Array<{ service: KnowledgeService; db: AppDb }> = [];

  beforeAll(async () => {
    s3 = await startVersitygw(binary);
    s3.bucket("team");
  });
  afterAll(async () => {
    for (const { service, db } of open) {
      await service.close();
      db.close();
    }
    await s3?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  function remote(uri: string, role: RemoteLibrary["role"], endpoint = s3.endpoint): RemoteLibrary {
    return {
      uri,
      role,
      readConsistencySeconds: 0,
      storageOptions: {
        awsEndpoint: endpoint,
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

  function desk(name: string, remotes: Partial<Record<Collection, RemoteLibrary>>, embedder = new HashEmbedder(32)): KnowledgeService {
    const dataDir = path.join(root, name);
    const db = AppDb.open(dataDir);
    const service = new KnowledgeService({ dataDir, db: db.db, embedder, remote: async () => remotes });
    open.push({ service, db });
    return service;
  }

  function folder(name: string, files: Record<string, string>): string {
    const dir = path.join(root, "docs", name);
    fs.mkdirSync(dir, { recursive: true });
    for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
    return dir;
  }

  it("a reader with its own data dir finds what the writer imported; its writes are refused", async () => {
    const uri = "s3://team/library";
    const writer = desk("writer", { library: remote(uri, "writer") });
    const docs = folder("writer", {
      "budget.md": "# 预算\n\n季度预算审批流程：部门提交，财务复核。Quarterly budget approval.",
      "onboarding.md": "# Onboarding\n\nNew staff get a laptop, a badge and the style guide on day one.",
    });
    const report = await writer.ingest({ paths: [docs], collection: "library" });
    expect(report.ingested.map((s) => path.basename(s.path)).sort()).toEqual(["budget.md", "onboarding.md"]);
    // The table is on the store, not in the writer's data dir.
    expect(fs.existsSync(path.join(s3.root, "team", "library", "library.lance"))).toBe(true);
    expect(fs.existsSync(path.join(root, "writer", "lancedb", "library.lance"))).toBe(false);

    const reader = desk("reader", { library: remote(uri, "reader") });
    expect(reader.sources("library")).toEqual([]);
    const hits = await reader.search({ query: "laptop badge style guide", limit: 3, collection: "library" });
    expect(hits[0]?.content).toContain("laptop");

    // Later files appear for the reader without reopening it.
    fs.writeFileSync(path.join(docs, "travel.md"), "# Travel\n\nTrain tickets are booked through the travel desk.");
    await writer.ingest({ paths: [docs], collection: "library" });
    await expect.poll(async () => (await reader.search({ query: "train tickets travel desk", limit: 1, collection: "library" }))[0]?.content ?? "").toContain("Train");

    const refused = await reader.ingest({ paths: [docs], collection: "library" }).then(() => null, (error: unknown) => error);
    expect(refused).toBeInstanceOf(ScriptoriumError);
    expect((refused as ScriptoriumError).code).toBe("conflict");
    expect((refused as ScriptoriumError).message).toMatch(/reads the team library s3:\/\/team\/library and cannot import into it/);
    expect(await writer.countChunks("library")).toBe(3);
  });

  it("refuses a table built by another embedding model, naming both", async () => {
    const uri = "s3://team/models";
    const writer = desk("models-writer", { library: remote(uri, "writer") });
    await writer.ingest({ paths: [folder("models", { "a.md": "# A\n\nAlpha text for the model check." })], collection: "library" });
    const other = desk("models-reader", { library: remote(uri, "reader") }, new HashEmbedder(48, "another-model"));
    const error = await other.search({ query: "alpha", limit: 1, collection: "library" }).then(() => null, (e: unknown) => e);
    expect((error as ScriptoriumError).code).toBe("conflict");
    expect((error as ScriptoriumError).message).toContain("hash-bigram-32/32 → another-model/48");
    // Nothing was dropped: the writer still finds its file.
    expect((await writer.search({ query: "alpha text", limit: 1, collection: "library" }))[0]?.content).toContain("Alpha");
  });

  it("three writers importing at once into one table: all kept, each file once", async () => {
    const uri = "s3://team/shared";
    const tags = ["one", "two", "six"];
    const writers = tags.map((tag) => desk(`writer-${tag}`, { library: remote(uri, "writer") }));
    const files = (tag: string) =>
      Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`${tag}-${i}.md`, `# ${tag} ${i}\n\nDocument ${i} of desk ${tag}: ${tag}${i} marker.`]));
    const reports = await Promise.all(writers.map((writer, i) => writer.ingest({ paths: [folder(tags[i]!, files(tags[i]!))], collection: "library" })));
    expect(reports.map((report) => report.failed)).toEqual([[], [], []]);
    const reader = desk("shared-reader", { library: remote(uri, "reader") });
    const texts = await reader.indexedChunks("library");
    const markers = texts.map((chunk) => /(one|two|six)\d marker/.exec(chunk.text)?.[0]).filter(Boolean).sort();
    expect(markers).toEqual(tags.flatMap((tag) => [0, 1, 2, 3, 4, 5].map((i) => `${tag}${i} marker`)).sort());
  });

  it("a create that lost the race to another writer's keeps that writer's first files", async () => {
    // Lance commits a create as an Overwrite: desk "late" checks that the table is missing, then
    // stops before its commit (held at Lance's second listing of the table's versions, the one
    // its commit starts from) while desk "first" creates the table and imports two files; when
    // "late" goes on, Lance rebases its create past those commits and it lands as an empty table.
    const uri = "s3://team/late-create";
    let listings = 0;
    const proxy = await startHoldingProxy(s3.endpoint, (method, url) => method === "GET" && url.includes("late-create%2Flibrary.lance%2F_versions") && ++listings === 2);
    try {
      const first = desk("create-first", { library: remote(uri, "writer") });
      const late = desk("create-late", { library: remote(uri, "writer", proxy.endpoint) });
      const files = (tag: string) => Object.fromEntries([0, 1].map((i) => [`${tag}-${i}.md`, `# ${tag} ${i}\n\nDocument ${i}: ${tag}${i} marker.`]));
      const lateImport = late.ingest({ paths: [folder("late", files("late"))], collection: "library" });
      await proxy.held;
      console.log("PROXY first starts");
      const firstReport = await first.ingest({ paths: [folder("first", files("first"))], collection: "library" });
      proxy.release();
      const lateReport = await lateImport;
      expect([firstReport.failed, lateReport.failed]).toEqual([[], []]);
      const reader = desk("late-create-reader", { library: remote(uri, "reader") });
      const markers = (await reader.indexedChunks("library")).map((chunk) => /(first|late)\d marker/.exec(chunk.text)?.[0]).sort();
      expect(markers).toEqual(["first0 marker", "first1 marker", "late0 marker", "late1 marker"]);
    } finally {
      proxy.release();
      await proxy.stop();
    }
  });

  it("three writers: two late creates, one stopped between its commit and reading its version, keep every writer's files", async () => {
    // Desks "b" and "c" both stop before their create's commit (as above) while "a" creates the
    // table and imports. Then "b" commits its create (an Overwrite over a's rows) and stops again
    // right after that commit, before it reads the table's version; "c" commits its own create over
    // b's and imports; only then does "b" go on. The version b reads now is c's latest, not its
    // create's: the rows b's create replaced must still be found and added back.
    const uri = "s3://team/three-writers";
    const late = async (name: string) => {
      let listings = 0;
      let committed = false;
      const proxy = await startHoldingProxy(
        s3.endpoint,
        (method, url) => method === "GET" && url.includes("three-writers%2Flibrary.lance%2F_versions") && ++listings === 2,
        (method, url, status) => {
          if (method === "PUT" && /three-writers\/library\.lance\/_versions\/\d+\.manifest/.test(url) && status < 300) committed = true;
        },
      );
      return { proxy, committed: () => committed, service: desk(name, { library: remote(uri, "writer", proxy.endpoint) }) };
    };
    const b = await late("three-b");
    const c = await late("three-c");
    const a = desk("three-a", { library: remote(uri, "writer") });
    const files = (tag: string) => Object.fromEntries([0, 1].map((i) => [`${tag}-${i}.md`, `# ${tag} ${i}\n\nDocument ${i}: ${tag}${i} marker.`]));
    try {
      const bImport = b.service.ingest({ paths: [folder("three-b", files("b"))], collection: "library" });
      await b.proxy.held;
      const cImport = c.service.ingest({ paths: [folder("three-c", files("c"))], collection: "library" });
      await c.proxy.held;
      const aReport = await a.ingest({ paths: [folder("three-a", files("a"))], collection: "library" });
      // b's create commits; b stops at its next request.
      b.proxy.release(() => b.committed());
      await b.proxy.held;
      c.proxy.release();
      const cReport = await cImport;
      b.proxy.release();
      const bReport = await bImport;
      expect([aReport.failed, bReport.failed, cReport.failed]).toEqual([[], [], []]);
      // The interleaving really happened: a's create, then b's and c's each landed over the table.
      expect(committedOverwrites(path.join(s3.root, "team", "three-writers", "library.lance"))).toHaveLength(3);
      const reader = desk("three-reader", { library: remote(uri, "reader") });
      const markers = (await reader.indexedChunks("library")).map((chunk) => /[abc]\d marker/.exec(chunk.text)?.[0]).sort();
      expect(markers).toEqual(["a0 marker", "a1 marker", "b0 marker", "b1 marker", "c0 marker", "c1 marker"]);
    } finally {
      for (const { proxy } of [b, c]) {
        proxy.release();
        await proxy.stop();
      }
    }
  });

  it("two writers creating the prefix's `__manifest` at once: both tables listed, every file kept", async () => {
    // LanceDB 0.31 keeps a `__manifest` table at the root of every connection's prefix, created by
    // the first connect (an empty create, the same two-step create as a table's). Desk "late" stops
    // at its third listing of `__manifest`'s versions — after finding it missing, at the load its
    // commit starts from — while desk "first" connects, creates `__manifest` and the library table,
    // and imports. Then "late" goes on: its create lands as an Overwrite over first's `__manifest`
    // (held earlier, at the first or second listing, its commit finds v1 taken and loads it instead),
    // and it imports into another table on the prefix. Tables are found by listing the prefix, not
    // by rows of `__manifest` (this connect mode registers none), so nothing may go missing.
    const uri = "s3://team/manifest-race";
    let listings = 0;
    const proxy = await startHoldingProxy(s3.endpoint, (method, url) => method === "GET" && url.includes("manifest-race%2F__manifest%2F_versions") && ++listings === 3);
    const both = (endpoint?: string) => ({ library: remote(uri, "writer", endpoint), code: remote(uri, "writer", endpoint) });
    try {
      const first = desk("manifest-first", both());
      const late = desk("manifest-late", both(proxy.endpoint));
      const lateImport = late.ingest({ paths: [folder("manifest-late", { "late.ts": "export const lateMarker = 'late0 marker';\n" })], collection: "code" });
      await proxy.held;
      const firstReport = await first.ingest({ paths: [folder("manifest-first", { "first.md": "# First\n\nfirst0 marker." })], collection: "library" });
      proxy.release();
      const lateReport = await lateImport;
      expect([firstReport.failed, lateReport.failed]).toEqual([[], []]);
      // The late create really landed: `__manifest` has a second version.
      const manifestVersions = fs.readdirSync(path.join(s3.root, "team", "manifest-race", "__manifest", "_versions")).filter((f) => f.endsWith(".manifest"));
      expect(manifestVersions).toHaveLength(2);
      const reader = desk("manifest-reader", { library: remote(uri, "reader"), code: remote(uri, "reader") });
      const markers = async (collection: Collection) => (await reader.indexedChunks(collection)).map((chunk) => /(first|late)\d marker/.exec(chunk.text)?.[0]);
      expect([await markers("library"), await markers("code")]).toEqual([["first0 marker"], ["late0 marker"]]);
      // Either writer can go on writing to the other's table.
      const more = await first.ingest({ paths: [folder("manifest-first-code", { "more.ts": "export const more = 'first1 marker';\n" })], collection: "code" });
      expect(more.failed).toEqual([]);
      expect((await markers("code")).sort()).toEqual(["first1 marker", "late0 marker"]);
    } finally {
      proxy.release();
      await proxy.stop();
    }
  });

  it("an unreachable store is an `unavailable` naming the library; the local library still works", async () => {
    const dead = remote("s3://team/library", "reader", "http://127.0.0.1:9");
    const service = desk("offline", { library: dead });
    const error = await service.search({ query: "anything", limit: 1, collection: "library" }).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(ScriptoriumError);
    expect((error as ScriptoriumError).code).toBe("unavailable");
    expect((error as ScriptoriumError).message).toContain("s3://team/library");
    expect((error as ScriptoriumError).message).toContain("http://127.0.0.1:9");
    // The code collection is local on this desk: import and search work.
    const report = await service.ingest({ paths: [folder("local", { "util.ts": "export function addTax(price: number) { return price * 1.13; }\n" })], collection: "code" });
    expect(report.ingested).toHaveLength(1);
    expect((await service.search({ query: "addTax price", limit: 1, collection: "code" }))[0]?.content).toContain("addTax");
  });
});
