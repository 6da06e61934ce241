import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EngineEvent } from "../../shared/events.js";
import type { StepText } from "../../shared/coreEvents.js";
import type { ArticleResume } from "../../shared/workflows/article.js";
import { createEngine } from "../../electron/engine/createEngine.js";
import type { Engine } from "../../electron/engine/Engine.js";
import { ArticleScriptLlm, FakeSearch } from "../../electron/engine/testing/articleTestKit.js";
import { registerMessages } from "../../renderer/i18n/featureMessages.js";
import { stepText } from "../../renderer/i18n/defineMessages.js";
import { articleMessages } from "../../renderer/features/article/messages.js";

/**
 * The article's timeline is the UI's language, not the document's. Every step line the
 * engine sends (labels, summaries, the materials card's line, the done line) carries a message the
 * renderer translates: rendered in the document's own language it must equal the engine's plain
 * text (one wording in two places), and a Chinese article read in the English UI shows no Chinese
 * beyond what the user or the library wrote (keywords, titles, the audience, provider names).
 */
let dataDir: string;
let engine: Engine;

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "article-lines-"));
  engine = await createEngine({ dataDir, llm: new ArticleScriptLlm(), search: new FakeSearch(), eventFlushIntervalMs: 5 });
  registerMessages(articleMessages);
});
afterEach(async () => {
  await engine.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Start, re-search twice, add a material, re-plan, draft, revise, review, finalize: every kind of step. */
async function walk(intent: string, locale: "zh" | "en"): Promise<EngineEvent[]> {
  const { sessionId } = await engine.call("run.start", { workflow: "article", input: { intent, locale } });
  const answers: ArticleResume[] = [
    { action: "re_search" },
    { action: "re_search", extra_keywords: ["gamma"] },
    { action: "add_material", material: { title: "笔记", content: "本地推理让数据留在内网。" } },
    { action: "confirm" },
    { action: "re_outline", outline_feedback: "加一节成本" },
    { action: "confirm" },
    { action: "user_revise", user_revision_notes: "第 2 节更具体" },
    { action: "regenerate_section", section_index: 0 },
    { action: "to_editor" },
    { action: "finalize" },
  ];
  await engine.parts.runner.settled(sessionId);
  for (const payload of answers) {
    await engine.call("run.resume", { sessionId, payload });
    await engine.parts.runner.settled(sessionId);
  }
  const { events } = await engine.call("events.list", { sessionId, afterSeq: 0 });
  expect(events.at(-1)?.type).toBe("done");
  return events;
}

/** Each translatable line of a run: the engine's text and its message. */
interface Line {
  kind: "step" | "summary";
  text: string;
  message: StepText | undefined;
}

function lines(events: EngineEvent[]): Line[] {
  return events.flatMap((event): Line[] => {
    switch (event.type) {
      case "step_start":
        return [{ kind: "step", text: event.label, message: event.labelText }];
      case "step_done":
      case "materials_ready":
      case "done":
        return [{ kind: "summary", text: event.summary, message: event.summaryText }];
      default:
        return [];
    }
  });
}

/** The params' own text (what the user or the library wrote), removed before looking for Chinese. */
function withoutParams(text: string, message: StepText): string {
  const values = [message, ...(message.notes ?? [])].flatMap((line) => Object.values(line.params ?? {}).flatMap((v) => (typeof v === "object" ? [v.zh, v.en] : [String(v)])));
  return values.sort((a, b) => b.length - a.length).reduce((rest, value) => rest.split(value).join(""), text);
}

const HAN = /\p{Script=Han}/u;

describe("article timeline lines are the UI's messages", () => {
  it("a Chinese article: every line has a message, the zh UI shows the engine's text, the en UI no Chinese of ours", async () => {
    const found = lines(await walk("写一篇关于离线写作工具的短文", "zh"));
    expect(found.length).toBeGreaterThan(25);
    for (const { kind, text, message } of found) {
      expect(message, `no message for "${text}"`).toBeDefined();
      expect(stepText("zh-CN", "article", kind, message, "<missing>")).toBe(text);
      const english = stepText("en", "article", kind, message, "<missing>");
      expect(english).not.toBe("<missing>");
      expect(withoutParams(english, message!), `"${english}"`).not.toMatch(HAN);
    }
    const keys = new Set(found.map(({ kind, message }) => `${kind}.${message!.key}`));
    for (const key of ["step.intent", "step.researchAgain", "step.searchMore", "step.addMaterial", "step.replan", "step.revise", "step.regenerate", "step.editor", "summary.final", "summary.reviewPass"]) expect(keys).toContain(key);
  }, 60_000);

  it("an English article: the en UI shows the engine's text, the zh UI translates it", async () => {
    for (const { kind, text, message } of lines(await walk("Write about local AI for engineers", "en"))) {
      expect(stepText("en", "article", kind, message, "<missing>")).toBe(text);
      expect(stepText("zh-CN", "article", kind, message, "<missing>")).not.toBe("<missing>");
    }
  }, 60_000);
});
