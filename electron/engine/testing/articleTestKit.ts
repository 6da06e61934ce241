import type { EngineEvent } from "../../../shared/events.js";
import type { Material } from "../../../shared/knowledge.js";
import { ScriptoriumError } from "../../../shared/errors.js";
import type { Engine } from "../Engine.js";
import { ScriptedLlm } from "./ScriptedLlm.js";
import type { ScriptedCall, ScriptedCallOptions } from "./ScriptedLlm.js";
import type { ResearchSearch } from "../workflows/WorkflowDefinition.js";

/**
 * Test doubles for the article workflow's tests (not used in production code): the shared
 * ScriptedLlm loaded with the article's script, and a deterministic search service.
 */

/** The section title a section prompt asks for (zh or en template). */
export function sectionTitleOf(prompt: string): string {
  return /本节（第 \d+\/\d+ 节）：(.+)/.exec(prompt)?.[1] ?? /Section \d+ of \d+: (.+)/.exec(prompt)?.[1] ?? "?";
}

/** Aspect scores the scripted editor gives; tests change them between rounds. */
export interface EditorScript {
  score: number;
  issues: Array<{ severity: "major" | "minor"; location: string; issue: string; suggestion: string }>;
}

/** The mutable parts of the article script. */
export interface ArticleScript {
  editor: EditorScript;
  /** Body of a section, from its prompt. */
  section: (prompt: string) => string;
  /** Section titles whose next call throws once (simulates a crash mid-draft). */
  failSectionOnce: Set<string>;
  /** The outline call fails as a weak model's does: no valid JSON after every attempt. */
  outlineFails?: boolean;
  /** The outline call answers with its schema's own field descriptions (as SmolLM2 135M did). */
  outlineEchoesSchema?: boolean;
}

/**
 * ScriptedLlm with the article's default script: a three-section outline that also names an
 * invented id (m999), sections that cite m001, m999 and m002, and an editor whose review tests set.
 */
export class ArticleScriptLlm extends ScriptedLlm {
  readonly script: ArticleScript;

  constructor() {
    const script: ArticleScript = {
      editor: { score: 90, issues: [] },
      section: (prompt) => `Text about ${sectionTitleOf(prompt)} [m001] and [m999], see [m002].`,
      failSectionOnce: new Set(),
    };
    super({
      id: "scripted:article",
      chunkSize: 12,
      replies: {
        "system.intent": { article_type: "analysis", target_audience: "engineers", word_count_target: 800, key_questions: ["Why?", "How?"] },
        "researcher.keywords": { keywords: ["alpha", "beta"] },
        // The researcher's ranking call keeps the search order: the materials' ids as the prompt lists them.
        "researcher.rank": (options: ScriptedCallOptions) => ({ ranking: [...options.prompt.matchAll(/^\[(m\d{3})\]/gm)].map((m) => m[1]) }),
        "writer.outline": () => {
          if (script.outlineFails) throw new ScriptoriumError("internal", "The model gave no valid writer.outline output after 3 attempts (scripted)", { schema: "writer.outline" });
          if (script.outlineEchoesSchema) {
            const echoed = { section_title: "the section heading", key_points: ["one point the section makes"], material_ids: ["m001"] };
            return { title: "the article title", sections: [echoed, echoed, echoed] };
          }
          return {
            title: "Local AI",
            sections: [
              { section_title: "Intro", key_points: ["why"], material_ids: ["m001", "m999"] },
              { section_title: "Body", key_points: ["how"], material_ids: ["m002"] },
              { section_title: "End", key_points: ["so what"], material_ids: [] },
            ],
          };
        },
        "writer.section": (options) => {
          const title = sectionTitleOf(options.prompt);
          if (script.failSectionOnce.delete(title)) throw new Error(`scripted crash in section ${title}`);
          return script.section(options.prompt);
        },
        editor: () => script.editor,
      },
    });
    this.script = script;
  }

  get editor(): EditorScript {
    return this.script.editor;
  }

  set editor(review: EditorScript) {
    this.script.editor = review;
  }

  /** Calls that got a reply (a scripted crash records the call with an empty reply). */
  callsOf(role: string, step?: string): ScriptedCall[] {
    return this.callsFor(role, step).filter((call) => call.reply !== "");
  }
}

/** Three hits per query (`<q>-1..3`) plus one record every query finds (`shared`), for de-duplication. */
export class FakeSearch implements ResearchSearch {
  readonly queries: string[] = [];
  async search(query: string, options: { limit: number; signal?: AbortSignal }): Promise<Material[]> {
    this.queries.push(query);
    const hit = (rec: string, score: number): Material => ({
      id: `p-${rec}`,
      title: `About ${rec}`,
      content: `Content of ${rec}. `.repeat(3),
      source: "library",
      published_at: null,
      relevance_score: score,
      source_type: "library",
      url: null,
      recUuid: rec,
    });
    return [hit(`${query}-1`, 0.9), hit(`${query}-2`, 0.6), hit(`${query}-3`, 0.3), hit("shared", 0.8)].slice(0, options.limit);
  }
}

type PauseEvent = Extract<EngineEvent, { type: "await_user" }>;

export interface AnswerAtOnceOptions {
  /** Editor rounds before the draft is finalised (0: finalise at the first draft pause); default 1. */
  editorRounds?: number;
  /** Called at each pause as it is delivered, before the answer is sent. */
  onPause?: (event: PauseEvent, sessionId: string) => void;
}

/**
 * Start a short Chinese article and answer every pause the moment it is delivered — all
 * materials approved, the outline confirmed, `editorRounds` editor rounds, then finalise —
 * until `done`. Resolves with the session id; an `error` event or a refused answer rejects.
 */
export async function runArticleAnsweringAtOnce(engine: Engine, options: AnswerAtOnceOptions = {}): Promise<string> {
  const editorRounds = options.editorRounds ?? 1;
  const { sessionId } = await engine.call("run.start", {
    workflow: "article",
    input: { intent: "写一篇关于离线写作工具的短文", word_count_target: 300, locale: "zh" },
  });
  let draftPauses = 0;
  await new Promise<void>((resolve, reject) => {
    const unsubscribe = engine.subscribe(sessionId, 0, (event: EngineEvent) => {
      if (event.type === "done") {
        unsubscribe();
        resolve();
      } else if (event.type === "error") {
        unsubscribe();
        reject(new Error(event.error.message));
      } else if (event.type === "await_user") {
        options.onPause?.(event, sessionId);
        const payload = answerAtOnce(event, draftPauses < editorRounds);
        if (event.pausePoint === "draft_confirm") draftPauses++;
        engine.call("run.resume", { sessionId, payload }).catch((error: unknown) => {
          unsubscribe();
          reject(error instanceof Error ? error : new Error(String(error)));
        });
      }
    });
  });
  return sessionId;
}

function answerAtOnce(event: PauseEvent, toEditor: boolean): { action: string; [field: string]: unknown } {
  const context = event.context as { materials?: Array<{ id: string }> };
  switch (event.pausePoint) {
    case "material_confirm":
      return { action: "confirm", approved_material_ids: (context.materials ?? []).map((m) => m.id) };
    case "outline_confirm":
      return { action: "confirm" };
    case "draft_confirm":
      return { action: toEditor ? "to_editor" : "finalize" };
    default:
      return { action: "force_finalize" };
  }
}
