import { ArticleScriptLlm, sectionTitleOf } from "../../../electron/engine/workflows/article/articleTestKit.js";

/**
 * The scripted LLM the browser tests drive the real engine with: Chinese replies for every
 * article step and for chat, so each path through the four pauses is exact and repeatable.
 */
export class StudioLlm extends ArticleScriptLlm {
  /** Text of every section, by title; tests override it (e.g. XSS payloads). */
  sectionText: (title: string, prompt: string) => string = (title, prompt) =>
    prompt.includes("修改意见")
      ? `修订后的「${title}」：补充了读者要求的成本数据。[m001]`
      : `「${title}」部分的正文。本地模型让离线写作成为可能[m001]，检索增强让内容有据可查[m002]。`;

  constructor() {
    super();
    this.replies["system/intent"] = () => ({ article_type: "analysis", target_audience: "技术负责人", word_count_target: 800, key_questions: ["为什么离线？", "怎么落地？"] });
    this.replies["researcher/keywords"] = () => ({ keywords: ["本地大模型", "离线写作"] });
    this.replies["writer/outline"] = ({ prompt }) => ({
      title: prompt.includes("用户的修改意见") ? "离线 AI 写作：重新规划" : "离线 AI 写作实践",
      sections: [
        { section_title: "背景与动机", key_points: ["数据不出内网", "弱网环境"], material_ids: ["m001"] },
        { section_title: "技术方案", key_points: ["llama.cpp", "向量检索"], material_ids: ["m002"] },
        { section_title: "落地建议", key_points: ["硬件选型"], material_ids: [] },
      ],
    });
    this.replies["writer/section"] = ({ prompt }) => this.sectionText(sectionTitleOf(prompt), prompt);
    this.replies["chat/reply"] = () => "你好！我是离线运行的写作助手。";
    this.editor = { score: 92, issues: [{ severity: "minor", location: "技术方案", issue: "术语略多", suggestion: "为 llama.cpp 加一句解释" }] };
  }

  /** Makes every later review fail with a major issue (verdict reject). */
  rejectReviews(): void {
    this.editor = { score: 55, issues: [{ severity: "major", location: "背景与动机", issue: "数据缺少出处", suggestion: "补充引用来源" }] };
  }

  override async generateText(options: Parameters<ArticleScriptLlm["generateText"]>[0]) {
    // The chat workflow's step name is not fixed by the contract: answer any chat call.
    if (options.tag?.role === "chat") {
      const text = "你好！我是离线运行的写作助手。";
      for (const piece of text.match(/.{1,3}/gs) ?? []) {
        options.onTextChunk?.(piece);
        await new Promise((r) => setTimeout(r, 5));
      }
      return { text, stopReason: "eog" as const, tokens: text.length, continuations: 0, durationMs: 1 };
    }
    return super.generateText(options);
  }
}
