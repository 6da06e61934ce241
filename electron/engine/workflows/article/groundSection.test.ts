import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ScriptedLlm } from "../../testing/ScriptedLlm.js";
import { FALLBACK_MARK_EN } from "../common/draftSection.js";
import { citeSupported } from "./groundSection.js";
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

  it("keeps a section whose cited sentences its materials do not hold, one call: they are the editor's 事实 review's to mark, not rewritten away", async () => {
    const llm = new ScriptedLlm({ replies: { "writer.section": "Agendas double a team's happiness [m001]. Pizza makes meetings faster [m002]." } });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ground-"));
    const text = await writeSection(llm, request(dir), config);
    expect(llm.callsFor("writer", "section")).toHaveLength(1);
    expect(text).toBe("Agendas double a team's happiness [m001]. Pizza makes meetings faster [m002].");
    expect(text).not.toContain(FALLBACK_MARK_EN);
  });
});
