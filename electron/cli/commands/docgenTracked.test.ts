import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { trackedDocxText } from "../../../tests/fixtures/trackedDocxText.js";
import { readZipEntry } from "../../../tests/integration/readZipEntry.js";
import type { Engine } from "../../engine/Engine.js";
import { docgenEngine } from "../../engine/testing/docgenTestKit.js";
import { tempDataDir } from "../../engine/testing/engineTestKit.js";
import { ScriptedLlm, type ScriptedCallOptions } from "../../engine/testing/ScriptedLlm.js";
import { runCli } from "../runCli.js";

const work = tempDataDir("docgen-tracked-");
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

async function cli(argv: string[], engine: Engine) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(
    argv,
    { stdout: { write: (c: string | Uint8Array) => (stdout += c.toString()) }, stderr: { write: (c: string | Uint8Array) => (stderr += c.toString()) } },
    async () => Object.assign(Object.create(engine) as Engine, { dispose: async () => undefined }),
  );
  return { code, stdout, stderr };
}

const ORIGINAL = "# 我的文档\n\n在LeanCloud上花了5000元。\n\n这个工具贼好用。\n";
const REPAIRED = "# 我的文档\n\n在 LeanCloud 上花了 5000 元。\n\n这个工具好用。\n";

describe("docgen review --out file.docx", () => {
  it("writes the review as tracked changes: accept-all is the repaired document, reject-all the original, each replacement commented", async () => {
    const llm = new ScriptedLlm({
      replies: {
        reviewer: { violations: [] },
        "reviewer.content_style": (o: ScriptedCallOptions) => {
          const row = o.prompt.split("\n").find((l) => /^\d{4}: /.test(l) && l.includes("贼"));
          return { violations: row ? [{ rule_id: "6.6", line: Number(row.slice(0, 4)), excerpt: "贼好用", comment: "口语化" }] : [] };
        },
        "reviser.content_style": (o: ScriptedCallOptions) => {
          const row = o.prompt.split("\n").find((l) => /^\d{4}: /.test(l) && l.includes("贼"))!;
          return { replacements: [{ start_line: Number(row.slice(0, 4)), end_line: Number(row.slice(0, 4)), old_text: row.slice(6), new_content: row.slice(6).replace("贼好用", "好用"), reason: "口语化表达改为书面语" }] };
        },
      },
    });
    const { engine, dataDir } = await docgenEngine(llm);
    try {
      const file = path.join(work, "mine.md");
      fs.writeFileSync(file, ORIGINAL);
      const out = path.join(work, "mine.docx");
      const r = await cli(["docgen", "review", file, "--out", out, "--json"], engine);
      expect(r.code, r.stderr).toBe(0);
      const docx = fs.readFileSync(out);
      const sessionOf = JSON.parse(r.stdout).session_id as string;
      // Drawn by the document renderer, revisions on top: the heading is a Word heading, and
      // accepting all gives the normal export of the repaired version, rejecting all the original's text.
      const normal = async (text: string) => {
        const { versions } = await engine.call("documents.versions", { sessionId: sessionOf });
        for (const v of versions) {
          if ((await engine.call("documents.version", { sessionId: sessionOf, number: v.number })).markdown !== text) continue;
          const file = await engine.call("documents.export", { sessionId: sessionOf, format: "docx", number: v.number });
          return trackedDocxText(Buffer.from(file.content, "base64"), true);
        }
        throw new Error("no such version");
      };
      const squeeze = (text: string) => text.replace(/\s+/g, "");
      expect(readZipEntry(docx, "word/document.xml")!.toString("utf8")).toContain('<w:pStyle w:val="Heading1"/>');
      expect(trackedDocxText(docx, true)).toBe(await normal(REPAIRED));
      expect(squeeze(trackedDocxText(docx, false))).toBe(squeeze(await normal(ORIGINAL)));
      expect(trackedDocxText(docx, true)).toContain("这个工具好用。");
      const comments = readZipEntry(docx, "word/comments.xml")!.toString("utf8");
      expect(comments).toContain("口语化表达改为书面语");
      const sessionId = JSON.parse(r.stdout).session_id as string;
      // Per-change review: the changes with their rule and reason; the choice becomes a new version.
      const { versions } = await engine.call("documents.versions", { sessionId });
      const last = Math.max(...versions.map((v) => v.number));
      const { changes } = await engine.call("documents.trackedChanges", { sessionId, from: 1, to: last });
      expect(changes.find((c) => c.deleted.includes("贼"))).toMatchObject({ reason: "口语化表达改为书面语" });
      const keepFirstOnly = await engine.call("documents.applyTrackedChanges", { sessionId, from: 1, to: last, accepted: [changes.find((c) => c.deleted.includes("贼"))!.index] });
      expect(keepFirstOnly.version.reason).toBe("manual_edit");
      const stored = await engine.call("documents.version", { sessionId, number: keepFirstOnly.version.number });
      expect(stored.markdown).toBe(ORIGINAL.replace("贼好用", "好用"));
      await expect(engine.call("documents.applyTrackedChanges", { sessionId, from: 1, to: last, accepted: [999] })).rejects.toThrow(/No change 999/);
      // Markdown is refused for a tracked export: the request names the problem.
      await expect(engine.call("documents.export", { sessionId, format: "markdown", tracked: { from: 1, to: 2 } })).rejects.toThrow(/docx only/);
    } finally {
      await engine.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
