import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../electron/cli/runCli.js";
import type { Engine } from "../../electron/engine/Engine.js";
import { ScriptedLlm } from "../../electron/engine/testing/ScriptedLlm.js";
import { paperEngine } from "./paperEngineKit.js";

let engine: Engine;
let dataDir: string;

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await runCli(argv, { stdout: { write: (c) => (out += String(c)) }, stderr: { write: (c) => (err += String(c)) } }, async () =>
    Object.assign(Object.create(engine) as Engine, { dispose: async () => undefined }),
  );
  return { code, out, err };
}

beforeAll(async () => {
  ({ engine, dataDir } = await paperEngine(new ScriptedLlm({ replies: {} })));
});
afterAll(async () => {
  await engine.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("paper import-bib / export-bib / import-zotero (CLI on a real engine)", () => {
  it("imports a .bib, lists it, exports BibTeX for a selection and the whole library", async () => {
    const imported = await cli("paper", "import-bib", "tests/fixtures/references/zh.bib", "--json");
    expect(imported.code, imported.err).toBe(0);
    const entries = JSON.parse(imported.out).entries as Array<{ doc_id: string; citation_key: string; kind: string }>;
    expect(entries.map((e) => e.citation_key)).toEqual(["zhang2020", "wang2018", "liu2021", "zhao2019", "cnnic2021", "stats2021"]);
    expect(entries.every((e) => e.kind === "metadata")).toBe(true);
    const list = JSON.parse((await cli("paper", "list", "--json")).out).papers as Array<{ title: string }>;
    expect(list.map((p) => p.title)).toContain("深度学习在文本分类中的应用");

    const one = await cli("paper", "export-bib", entries[0]!.doc_id);
    expect(one.code, one.err).toBe(0);
    expect(one.out).toMatch(/^@article\{zhang2020,/);
    expect(one.out).toContain("深度学习在文本分类中的应用");
    const out = path.join(dataDir, "all.bib");
    expect((await cli("paper", "export-bib", "--out", out)).code).toBe(0);
    expect(fs.readFileSync(out, "utf8").match(/^@/gm)).toHaveLength(6);

    const meta = await engine.call("paper.setMetadata", { doc_id: entries[1]!.doc_id, title: "机器学习（第二版）", venue: "" });
    expect(meta.csl.title).toBe("机器学习（第二版）");
  });

  it("names the problem for a bad file and for Zotero off", async () => {
    const bad = await cli("paper", "import-bib", "README.md");
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/expected \.bib or \.ris/);
    const zotero = await cli("paper", "import-zotero", "--url", "http://127.0.0.1:9");
    expect(zotero.code).toBe(1);
    expect(zotero.err).toMatch(/Allow other applications/);
  });
});
