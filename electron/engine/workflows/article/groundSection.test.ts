import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ScriptedLlm } from "../../testing/ScriptedLlm.js";
import { FALLBACK_MARK_EN } from "../common/draftSection.js";
import { citeSupported, supportedShare } from "./groundSection.js";
import { noMaterialNote } from "./prompts.js";
import { writeSection } from "./writeSection.js";

const sources = [
  { id: "m001", content: "Meetings with an agenda shared a day in advance ended on time in 78 percent of cases." },
  { id: "m002", content: "Writing decisions in shared notes cut follow-up messages by about a third." },
];
const skip = noMaterialNote("en");

describe("citeSupported", () => {
  it("cites an uncited sentence with the material that supports it, and leaves the others alone", async () => {
    const text = "Meetings with an agenda shared in advance ended on time in 78 percent of cases. Remote teams love pizza. Notes help [m002].";
    expect(await citeSupported(text, sources, skip)).toBe(
      "Meetings with an agenda shared in advance ended on time in 78 percent of cases [m001]. Remote teams love pizza. Notes help [m002].",
    );
  });

  it("changes nothing without materials", async () => {
    expect(await citeSupported("Meetings end on time.", [], skip)).toBe("Meetings end on time.");
  });
});

describe("supportedShare", () => {
  it("is the share of sentences their (cited or any) material supports; a wrong number is not supported", async () => {
    expect(await supportedShare("Meetings with an agenda ended on time in 78 percent of cases [m001]. Remote teams love pizza [m001].", sources, skip)).toBe(0.5);
    expect(await supportedShare("Meetings with an agenda ended on time in 95 percent of cases [m001].", sources, skip)).toBe(0);
    expect(await supportedShare(skip, sources, skip)).toBeNaN();
  });
});

describe("writeSection's grounding", () => {
  const request = (cacheDir: string) => ({
    locale: "en" as const,
    allowedIds: ["m001", "m002"],
    sources,
    cacheDir,
    occasion: "initial",
    prompt: { articleTitle: "Meetings", sectionTitle: "Agendas", keyPoints: [], materials: ["[m001] Agendas — Meetings with an agenda …"], length: 30, index: 0, total: 1 },
  });
  const config = { configurable: { thread_id: "t" } };

  it("keeps a section that restates its material without ids: code cites it, no second call", async () => {
    const llm = new ScriptedLlm({ replies: { "writer.section": "Meetings with an agenda shared a day in advance ended on time in 78 percent of cases." } });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ground-"));
    const text = await writeSection(llm, request(dir), config);
    expect(text).toBe("Meetings with an agenda shared a day in advance ended on time in 78 percent of cases [m001].");
    expect(llm.callsFor("writer", "section")).toHaveLength(1);
  });

  it("writes again, then replaces a section whose cited sentences its materials do not support", async () => {
    const llm = new ScriptedLlm({ replies: { "writer.section": "Agendas double a team's happiness [m001]. Pizza makes meetings faster [m002]." } });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ground-"));
    const text = await writeSection(llm, request(dir), config);
    expect(llm.callsFor("writer", "section")).toHaveLength(2);
    expect(text).toContain("ended on time in 78 percent of cases [m001].");
    expect(text).toContain("most sentences unsupported by its materials");
    expect(text).toContain(FALLBACK_MARK_EN);
    expect(text).not.toContain("Pizza");
  });
});
