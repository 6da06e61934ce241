import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RuleRepository } from "../../electron/engine/rules/RuleRepository.js";
import { KnowledgeService } from "../../electron/engine/knowledge/KnowledgeService.js";
import { indexRuleChunks, knowledgeRuleSearch } from "../../electron/engine/knowledge/knowledgeRuleSearch.js";
import { HashEmbedder } from "./HashEmbedder.js";

let root: string;
let db: Database.Database;
let service: KnowledgeService;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "krules-"));
  db = new Database(path.join(root, "app.db"));
  service = new KnowledgeService({ dataDir: root, db, embedder: new HashEmbedder(32) });
});

afterEach(async () => {
  await service.close();
  db.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("rules collection", () => {
  it("indexes the repository's rules and finds a rule by its own wording, within its module", async () => {
    const repo = new RuleRepository({ dir: path.resolve("rules") });
    const chunks = await repo.ruleChunksForIndex();
    expect(chunks.length).toBeGreaterThan(3);
    expect(await indexRuleChunks(service, chunks)).toMatchObject({ ingested: 1, unchanged: 0 });
    expect(await indexRuleChunks(service, chunks)).toMatchObject({ ingested: 0, unchanged: 1 });

    const search = knowledgeRuleSearch(service);
    const target = chunks[Math.floor(chunks.length / 2)]!;
    const body = target.text.split("\n").slice(1).join("\n").slice(0, 200);
    const hits = await search.search(body, { moduleId: target.meta.moduleId, limit: 5 });
    expect(hits[0]!.ruleId).toBe(target.meta.ruleId);
    const moduleRules = new Set(chunks.filter((c) => c.meta.moduleId === target.meta.moduleId).map((c) => c.meta.ruleId));
    for (const hit of hits) {
      expect(moduleRules.has(hit.ruleId)).toBe(true);
      expect(hit.score).toBeGreaterThan(0);
      expect(hit.score).toBeLessThanOrEqual(1);
    }

    repo.setSearch(search);
    const relevant = await repo.relevantRules(target.meta.moduleId, body, 3);
    expect(relevant[0]!.id).toBe(target.meta.ruleId);

    // A rule file that disappeared is removed from the index.
    expect(await indexRuleChunks(service, [])).toMatchObject({ removed: 1 });
    expect(await service.countChunks("rules")).toBe(0);
  });
});
