import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import JSZip from "jszip";
import { afterAll, describe, expect, it } from "vitest";
import { AppDb } from "../storage/AppDb.js";
import { SettingsStore } from "../storage/SettingsStore.js";
import { exportDiagnostics } from "./exportDiagnostics.js";
import { createFileLogger } from "./fileLogger.js";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "diagnostics-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("导出诊断信息", () => {
  it("zips logs, versions and settings — no documents, no secrets", async () => {
    const dataDir = path.join(root, "data");
    const db = AppDb.open(dataDir);
    new SettingsStore(db.db).update({ locale: "en", objectStore: { locations: { library: "s3://team/library" }, endpoint: "http://10.0.0.5:7070", region: null, allowHttp: true, role: "reader", readConsistencySeconds: 5 } });
    db.db.prepare("INSERT INTO sources (id, path, collection, kind, content_hash, chunk_count, ingested_at, meta) VALUES ('s', '/private/contract.md', 'library', 'markdown', 'h', 1, 'now', '{}')").run();
    db.db.prepare("INSERT INTO chunks (id, source_id, collection, idx, text, meta) VALUES ('c', 's', 'library', 0, 'CONFIDENTIAL CONTRACT TEXT', '{}')").run();
    db.close();
    const logger = createFileLogger({ dir: path.join(dataDir, "logs") });
    logger.info("ingest failed: Authorization: Bearer leakedtoken123456");
    const out = path.join(root, "diag.zip");
    const entries = await exportDiagnostics({ dataDir, out, appVersion: "9.9.9", secrets: ["sk-known-secret"] });
    expect(entries).toEqual(["logs/scriptorium.log", "versions.json", "settings.json"]);
    const zip = await JSZip.loadAsync(fs.readFileSync(out));
    expect(Object.keys(zip.files).sort()).toEqual(["logs/", "logs/scriptorium.log", "settings.json", "versions.json"]);
    const versions = JSON.parse(await zip.file("versions.json")!.async("string")) as Record<string, unknown>;
    expect(versions).toMatchObject({ app: "9.9.9", node: process.versions.node, lancedb: "0.31.0" });
    expect(String(versions.sqlite)).toMatch(/^3\.\d+/);
    const settings = JSON.parse(await zip.file("settings.json")!.async("string")) as { locale: string; objectStore: { locations: { library: string } } };
    expect(settings.locale).toBe("en");
    expect(settings.objectStore.locations.library).toBe("s3://team/library");
    const log = await zip.file("logs/scriptorium.log")!.async("string");
    expect(log).toContain("ingest failed");
    expect(log).not.toContain("leakedtoken123456");
    const all = fs.readFileSync(out);
    expect(all.includes(Buffer.from("CONFIDENTIAL"))).toBe(false);
  });
});
