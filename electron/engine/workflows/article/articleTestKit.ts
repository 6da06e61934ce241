import type { Material } from "../../../../shared/knowledge.js";
import type {
  CallTag,
  GenerateStructuredOptions,
  GenerateTextOptions,
  GenerateTextResult,
  LlmClient,
  StructuredResult,
} from "../../llm/LlmClient.js";
import type { ResearchSearch } from "../WorkflowDefinition.js";

/**
 * Test doubles for the article workflow's tests (not used in production code): a scripted LLM that
 * answers by `tag.role/tag.step` and records every call, and a deterministic search service.
 */

export interface RecordedCall {
  tag: CallTag | undefined;
  system: string;
  prompt: string;
}

type Reply = (options: { prompt: string; system: string }, callIndex: number) => unknown;

/** The section title a section prompt asks for (zh or en template). */
export function sectionTitleOf(prompt: string): string {
  return /本节（第 \d+\/\d+ 节）：(.+)/.exec(prompt)?.[1] ?? /Section \d+ of \d+: (.+)/.exec(prompt)?.[1] ?? "?";
}

/** Aspect scores the scripted editor gives; tests change them between rounds. */
export interface EditorScript {
  score: number;
  issues: Array<{ severity: "major" | "minor"; location: string; issue: string; suggestion: string }>;
}

export class ArticleScriptLlm implements LlmClient {
  readonly id = "scripted:article";
  readonly calls: RecordedCall[] = [];
  editor: EditorScript = { score: 90, issues: [] };
  /** Throw from the section call whose title matches, once per entry (simulates a crash mid-draft). */
  failSectionOnce = new Set<string>();
  readonly replies: Record<string, Reply> = {
    "system/intent": () => ({ article_type: "analysis", target_audience: "engineers", word_count_target: 800, key_questions: ["Why?", "How?"] }),
    "researcher/keywords": () => ({ keywords: ["alpha", "beta"] }),
    "writer/outline": () => ({
      title: "Local AI",
      sections: [
        { section_title: "Intro", key_points: ["why"], material_ids: ["m001", "m999"] },
        { section_title: "Body", key_points: ["how"], material_ids: ["m002"] },
        { section_title: "End", key_points: ["so what"], material_ids: [] },
      ],
    }),
    "writer/section": ({ prompt }) => `Text about ${sectionTitleOf(prompt)} [m001] and [m999], see [m002].`,
    "editor/review_facts": () => this.editor,
    "editor/review_logic": () => this.editor,
    "editor/review_language": () => this.editor,
  };

  callsOf(role: string, step?: string): RecordedCall[] {
    return this.calls.filter((c) => c.tag?.role === role && (step === undefined || c.tag?.step === step));
  }

  private reply(tag: CallTag | undefined, options: { prompt: string; system: string }): unknown {
    const key = `${tag?.role}/${tag?.step}`;
    const reply = this.replies[key];
    if (!reply) throw new Error(`no scripted reply for ${key}`);
    this.calls.push({ tag, ...options });
    return reply(options, this.calls.length - 1);
  }

  async generateText(options: GenerateTextOptions): Promise<GenerateTextResult> {
    const title = sectionTitleOf(options.prompt);
    if (options.tag?.step === "section" && this.failSectionOnce.delete(title)) throw new Error(`scripted crash in section ${title}`);
    const text = String(this.reply(options.tag, { prompt: options.prompt, system: options.system ?? "" }));
    for (const piece of text.match(/.{1,12}/gs) ?? []) {
      options.signal?.throwIfAborted();
      options.onTextChunk?.(piece);
      await Promise.resolve();
    }
    return { text, stopReason: "eog", tokens: text.length, continuations: 0, durationMs: 1 };
  }

  async generateStructured<T>(options: GenerateStructuredOptions<T>): Promise<StructuredResult<T>> {
    options.signal?.throwIfAborted();
    const raw = this.reply(options.tag, { prompt: options.prompt, system: options.system ?? "" });
    // Validating here makes a bad script fail loudly instead of testing nothing.
    const value = options.schema.parse(raw);
    return { value, attempts: 1, raw: JSON.stringify(raw), durationMs: 1, tokens: 1 };
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
