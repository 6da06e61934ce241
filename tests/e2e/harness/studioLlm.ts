import { ScriptedLlm, type ScriptedCallOptions } from "../../../electron/engine/testing/ScriptedLlm.js";

/** Editor scores and issues the scripted editor gives; tests change them between rounds. */
export interface EditorScript {
  score: number;
  issues: Array<{ severity: "major" | "minor"; location: string; issue: string; suggestion: string }>;
}

/** The section title a section prompt asks for (zh or en template of the article workflow). */
function sectionTitleOf(prompt: string): string {
  return /本节（第 \d+\/\d+ 节）：(.+)/.exec(prompt)?.[1] ?? /Section \d+ of \d+: (.+)/.exec(prompt)?.[1] ?? "?";
}

/**
 * The scripted LLM the browser tests drive the real engine with (the LLM engineer's ScriptedLlm):
 * Chinese replies for every article step and for chat, so each path through the four pauses is
 * exact and repeatable. `editor`, `keywords` and `sectionText` can be changed mid-test.
 */
export class StudioLlm extends ScriptedLlm {
  /** Per-aspect scores that replace `editor.score` for that aspect (same issues); empty: one score for all three. */
  aspectScores: Partial<Record<"facts" | "logic" | "language", number>> = {};
  editor: EditorScript = { score: 92, issues: [{ severity: "minor", location: "技术方案", issue: "术语略多", suggestion: "为 llama.cpp 加一句解释" }] };

  /** False: the outline cites no material in any section, as weak models often write it. */
  outlineCites = true;

  /** The researcher's search keywords (the model's content: an English walk sets English ones). */
  keywords: string[] = ["本地大模型", "离线写作"];

  /** Text of every section, by title; tests override it (e.g. with XSS payloads). */
  sectionText: (title: string, prompt: string) => string = (title, prompt) =>
    prompt.includes("修改意见")
      ? `修订后的“${title}”：补充了读者要求的成本数据。[m001]`
      : `“${title}”部分的正文。本地模型让离线写作成为可能[m001]，检索增强让内容有据可查[m002]。`;

  constructor() {
    const review = (aspect: "facts" | "logic" | "language") => () => ({ ...this.editor, score: this.aspectScores[aspect] ?? this.editor.score });
    super({
      chunkSize: 6,
      chunkDelayMs: 2,
      replies: {
        "system.intent": { article_type: "analysis", target_audience: "技术负责人", word_count_target: 800, key_questions: ["为什么离线？", "怎么落地？"] },
        "researcher.keywords": () => ({ keywords: this.keywords }),
        // The researcher's ranking call keeps the search order: the materials' ids as the prompt lists them.
        "researcher.rank": (options: ScriptedCallOptions) => ({ ranking: [...options.prompt.matchAll(/^\[(m\d{3})\]/gm)].map((m) => m[1]) }),
        "writer.outline": (options: ScriptedCallOptions) => ({
          title: options.prompt.includes("用户的修改意见") ? "离线 AI 写作：重新规划" : "离线 AI 写作实践",
          sections: [
            { section_title: "背景与动机", key_points: ["数据不出内网", "弱网环境"], material_ids: this.outlineCites ? ["m001"] : [] },
            { section_title: "技术方案", key_points: ["llama.cpp", "向量检索"], material_ids: this.outlineCites ? ["m002"] : [] },
            { section_title: "落地建议", key_points: ["硬件选型"], material_ids: [] },
          ],
        }),
        "writer.section": (options: ScriptedCallOptions) => this.sectionText(sectionTitleOf(options.prompt), options.prompt),
        "editor.review_facts": review("facts"),
        "editor.review_logic": review("logic"),
        "editor.review_language": review("language"),
        // The editor's selection actions (documents.rewriteSelection), one role-locked call each.
        "editor.rewrite_polish": "“润色后：本地模型让离线写作真正可行。”",
        "editor.rewrite_shorten": "缩短后的一句话。",
        // The chat workflow's step name is its own business: answer any chat call.
        chat: "你好！我是离线运行的写作助手。",
      },
    });
  }

  /** Streams later replies with `ms` between chunks (default 2), so a step runs long enough to watch its progress. */
  streamEvery(ms: number): void {
    this.options.chunkDelayMs = ms;
  }

  /** Makes every later review fail with a major issue (verdict reject). */
  rejectReviews(): void {
    this.editor = { score: 55, issues: [{ severity: "major", location: "背景与动机", issue: "数据缺少出处", suggestion: "补充引用来源" }] };
  }
}
