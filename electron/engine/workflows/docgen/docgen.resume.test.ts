import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { EngineEvent } from "../../../../shared/events.js";
import { createEngine } from "../../createEngine.js";
import type { Engine } from "../../Engine.js";
import type { GenerateStructuredOptions, GenerateTextOptions, LlmClient } from "../../llm/LlmClient.js";
import { cleanSection, outlineOf, sectionIndexOf } from "../../testing/docgenTestKit.js";
import { isTerminal, tempDataDir, waitForEvent } from "../../testing/engineTestKit.js";
import { ScriptedLlm, type ScriptedCallOptions } from "../../testing/ScriptedLlm.js";

const dirs: string[] = [];
const engines: Engine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.dispose()));
  dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

/** Delegates to a script, except calls `hang` picks: those wait until the run is aborted (the process "dies" there). */
function hangingWhere(script: ScriptedLlm, hang: (o: ScriptedCallOptions) => boolean): LlmClient {
  const wait = (signal?: AbortSignal) => new Promise<never>((_r, reject) => signal?.addEventListener("abort", () => reject(signal.reason), { once: true }));
  return {
    countTokens: (text: string) => script.countTokens(text),
    contextTokens: () => script.contextTokens(),
    id: "hanging",
    generateText: (o: GenerateTextOptions) => (hang(o) ? wait(o.signal) : script.generateText(o)),
    generateStructured: <T>(o: GenerateStructuredOptions<T>) => (hang(o as ScriptedCallOptions) ? wait(o.signal) : script.generateStructured(o)),
  };
}

/** Material enough for the six sections scripted (about 150 characters a section: materialBudget). */
const SOURCE = "部署资料。".repeat(200);
const sectionReply = (o: ScriptedCallOptions) => cleanSection(outlineOf(6).sections[sectionIndexOf(o)]!.title);
const replies = (extra: Record<string, unknown> = {}) =>
  ({ "writer.outline": outlineOf(6), "writer.section": sectionReply, reviewer: { violations: [] }, ...extra }) as ConstructorParameters<typeof ScriptedLlm>[0]["replies"];

async function open(dataDir: string, llm: LlmClient, recover: boolean): Promise<Engine> {
  const engine = await createEngine({ dataDir, llm, recover, eventFlushIntervalMs: 1 });
  engines.push(engine);
  return engine;
}

describe("docgen resume after a restart", () => {
  it("killed while writing sections: the restarted run reuses the outline and the finished sections and writes only the missing ones", async () => {
    const dataDir = tempDataDir("docgen-restart-");
    dirs.push(dataDir);
    const first = new ScriptedLlm({ replies: replies() });
    // Sections 4–6 never finish in the first process (2 workers: sections 1–3 are done when both lanes hang).
    const e1 = await open(dataDir, hangingWhere(first, (o) => o.tag?.step === "section" && sectionIndexOf(o) >= 3), false);
    const { sessionId } = await e1.call("run.start", { workflow: "docgen", input: { input_mode: "text", topic: "重启", context: SOURCE } });
    await waitForEvent(e1, sessionId, (e) => e.type === "section_done" && e.index === 2);
    await new Promise((r) => setTimeout(r, 100));
    engines.splice(engines.indexOf(e1), 1);
    await e1.dispose();
    const cache = path.join(dataDir, "cache", sessionId);
    expect(fs.readdirSync(cache).filter((f) => f.startsWith("section_")).sort()).toEqual(["section_0.md", "section_1.md", "section_2.md"]);

    const second = new ScriptedLlm({ replies: replies() });
    const e2 = await open(dataDir, second, true);
    const events = await waitForEvent(e2, sessionId, (e) => isTerminal(e));
    expect(events.at(-1)?.type).toBe("done");
    expect(second.callsFor("writer", "outline")).toHaveLength(0);
    expect(second.callsFor("writer", "section").map(sectionIndexOf).sort()).toEqual([3, 4, 5]);
    expect(first.callsFor("writer", "section").map(sectionIndexOf).sort()).toEqual([0, 1, 2]);
    const done = events.filter((e): e is Extract<EngineEvent, { type: "section_done" }> => e.type === "section_done" && e.seq > 0);
    expect(done.filter((e) => e.cached).map((e) => e.index).sort()).toEqual([0, 1, 2]);
    const v = (await e2.call("run.state", { sessionId })).values as Record<string, any>;
    expect(v.current_draft.match(/^## /gm)).toHaveLength(6);
  });

  it("killed in a module's revise round: the restart continues that round with the WIP draft, no section written again", async () => {
    const dataDir = tempDataDir("docgen-restart-");
    dirs.push(dataDir);
    const slang = (o: ScriptedCallOptions) => {
      const rows = o.prompt.split("\n").filter((l) => /^\d{4}: /.test(l) && l.includes("贼好用"));
      return { violations: rows.map((l) => ({ rule_id: "6.6", line: Number(l.slice(0, 4)), excerpt: "贼好用", comment: "口语化" })) };
    };
    const fix = (o: ScriptedCallOptions) => ({
      replacements: o.prompt
        .split("\n")
        .filter((l) => /^\d{4}: /.test(l) && l.includes("贼好用"))
        .map((l) => ({ start_line: Number(l.slice(0, 4)), end_line: Number(l.slice(0, 4)), old_text: l.slice(6), new_content: l.slice(6).replace("贼好用", "好用"), reason: "6.6" })),
    });
    const first = new ScriptedLlm({ replies: replies({ "reviewer.content_style": slang, "reviser.content_style": fix }) });
    const e1 = await open(dataDir, hangingWhere(first, (o) => o.tag?.role === "reviser"), false);
    const { sessionId } = await e1.call("run.start", { workflow: "docgen", input: { input_mode: "text", topic: "重启二", context: SOURCE } });
    await waitForEvent(e1, sessionId, (e) => e.type === "step_start" && e.step === "revise_content_style");
    await new Promise((r) => setTimeout(r, 100));
    engines.splice(engines.indexOf(e1), 1);
    await e1.dispose();
    const wip = fs.readFileSync(path.join(dataDir, "cache", sessionId, "draft_wip.md"), "utf8");
    expect(wip).toContain("贼好用");

    const second = new ScriptedLlm({ replies: replies({ "reviewer.content_style": slang, "reviser.content_style": fix }) });
    const e2 = await open(dataDir, second, true);
    const events = await waitForEvent(e2, sessionId, (e) => isTerminal(e));
    expect(events.at(-1)?.type).toBe("done");
    expect(second.callsFor("writer")).toHaveLength(0);
    // Only content_style is left: its revise, then its passing review.
    expect(second.callsFor("reviser").map((c) => c.tag!.step)).toEqual(["content_style"]);
    expect(second.callsFor("reviewer").map((c) => c.tag!.step)).toEqual(["content_style"]);
    const v = (await e2.call("run.state", { sessionId })).values as Record<string, any>;
    expect(v.current_draft).not.toContain("贼好用");
    expect(fs.readFileSync(path.join(dataDir, "cache", sessionId, "draft_wip.md"), "utf8")).toBe(v.current_draft);
  });
});
