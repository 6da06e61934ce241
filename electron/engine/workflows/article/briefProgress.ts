import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { emit, say } from "../common/nodeRuntime.js";
import { localeOf } from "./localeOf.js";
import type { ArticleUpdate, ArticleState } from "./state.js";

type Node = (state: ArticleState, config: LangGraphRunnableConfig) => Promise<ArticleUpdate> | ArticleUpdate;

const clip = (text: string | undefined) => (text ?? "").trim().slice(0, 50);

/**
 * The product brief's progress line for a node about to run (§7.3: each node's
 * `progress_events`, e.g. "用户已确认素材，开始规划大纲"), from the node and the resume that led to it.
 */
export function briefProgressMessage(task: string, state: ArticleState): string {
  const locale = localeOf(state);
  const payload = state.resume?.payload;
  const action = payload?.action;
  switch (task) {
    case "intent_parser":
      return say(locale, "正在解析写作意图", "Reading the writing intent");
    case "researcher":
      return say(locale, "研究院开始搜集素材", "The researcher starts gathering materials");
    case "research_more":
      return say(locale, "重新搜索中...", "Searching again...");
    case "add_material":
      return say(locale, "用户补充了素材", "Adding your material");
    case "writer_outline":
      return action === "re_outline"
        ? say(locale, `重新规划大纲（意见：${clip(payload?.outline_feedback)}）`, `Re-planning the outline (feedback: ${clip(payload?.outline_feedback)})`)
        : say(locale, "用户已确认素材，开始规划大纲", "Materials confirmed, planning the outline");
    case "writer_draft":
      if (action === "user_revise") return say(locale, `按用户意见重写（${clip(payload?.user_revision_notes)}）`, `Rewriting with your notes (${clip(payload?.user_revision_notes)})`);
      if (action === "accept_review") return say(locale, "按编辑意见重写", "Rewriting with the editor's notes");
      if (action === "custom_revise") return say(locale, `按编辑意见与用户意见重写（${clip(payload?.user_revision_notes)}）`, `Rewriting with the editor's and your notes (${clip(payload?.user_revision_notes)})`);
      if (action === "regenerate_section") return say(locale, `重写第 ${(payload?.section_index ?? 0) + 1} 节`, `Rewriting section ${(payload?.section_index ?? 0) + 1}`);
      return say(locale, "用户已确认大纲，开始写作", "Outline confirmed, writing the draft");
    case "editor":
      return say(locale, "提交编辑审核", "Sent to the editor");
    case "apply_manual_edit":
      return say(locale, "保存用户修改", "Saving your edit");
    case "finalize":
      return action === "force_finalize" ? say(locale, "用户强制定稿", "Finalized over the editor's verdict") : say(locale, "用户确认定稿", "Finalized");
    default:
      return task;
  }
}

/** Wrap a node so it first emits the brief's `progress` event (task = node name). */
export function withBriefProgress(task: string, node: Node): Node {
  return (state, config) => {
    emit(config, { type: "progress", task, done: 0, total: null, message: briefProgressMessage(task, state) });
    return node(state, config);
  };
}
