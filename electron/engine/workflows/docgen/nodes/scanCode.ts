import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { emit, runStep, summaryOf } from "../../common/nodeRuntime.js";
import { CodeRoot } from "../code/CodeRoot.js";
import { CodeTools, type CodeToolArgs } from "../code/CodeTools.js";
import { formatSkeleton, projectSkeleton } from "../code/projectSkeleton.js";
import type { DocgenDeps } from "../DocgenDeps.js";
import { CONTEXT_CHARS, cleanText } from "../docgenText.js";
import { renderPrompt } from "../../common/definePrompt.js";
import { OVERVIEW_PROMPT, SCAN_PROMPT } from "../prompts.js";
import { ProjectOverviewSchema, ScanActionSchema, type ProjectOverview, type ScanAction } from "../schemas.js";
import { isAbort } from "../../common/isAbort.js";
import type { DocgenState, DocgenUpdate } from "../state.js";

/** Characters of one tool result kept in the agent's history; older results shrink to their summary. */
const RESULT_CHARS = 1500;
const FULL_RESULTS_KEPT = 3;
/** Characters of collected tool output handed to the overview call. */
const FACT_CHARS = 8000;

/**
 * Code mode: an agent that reads the code itself. It starts from the deterministic skeleton, then
 * takes one grammar-constrained `{tool, args}` action per LLM call (at most `max_scan_steps`),
 * every tool confined to the folder, and ends with a grammar-constrained project overview.
 */
export function scanCodeNode(deps: DocgenDeps) {
  return (state: DocgenState, config: LangGraphRunnableConfig): Promise<DocgenUpdate> =>
    runStep<DocgenUpdate>(config, { step: "scan_code", agent: "researcher", label: "阅读代码" }, async () => {
      const root = await CodeRoot.open(state.source_path);
      const tools = new CodeTools(root);
      const skeleton = formatSkeleton(await projectSkeleton(root));
      const steps: Array<{ line: string; result: string; summary: string }> = [];
      const seen = new Set<string>();
      const modelFailures: string[] = [];
      const max = Math.max(1, state.max_scan_steps || 12);
      for (let i = 0; i < max; i++) {
        const history = steps
          .map((s, k) => (k >= steps.length - FULL_RESULTS_KEPT ? `${s.line}\n${s.result}` : `${s.line} → ${s.summary}`))
          .join("\n\n");
        let action: ScanAction;
        try {
          ({ value: action } = await deps.llm.generateStructured({
            ...renderPrompt(SCAN_PROMPT, state.locale, {
              topic: state.topic,
              skeleton,
              history: history ? (state.locale === "zh" ? `已执行的步骤与结果：\n${history}` : `Steps so far and their results:\n${history}`) : state.locale === "zh" ? "尚未执行任何步骤。" : "No step yet.",
              stepsLeft: max - i,
            }),
            schema: ScanActionSchema,
            tag: { role: "scanner", step: "action" },
            maxTokens: 200,
            temperature: 0.2,
            signal: config.signal,
          }));
        } catch (error) {
          if (isAbort(error, config.signal)) throw error;
          // A model that cannot name a tool ends the exploration; the skeleton is still there.
          modelFailures.push(error instanceof Error ? error.message : String(error));
          break;
        }
        if (action.tool === "finish") break;
        const args = cleanArgs(action.args);
        const signature = `${action.tool}${JSON.stringify(args)}`;
        const outcome = seen.has(signature)
          ? { ok: false, text: "这一步与之前的某一步完全相同，请换一个工具或参数，或选择 finish。", summary: "repeated", summaryText: { key: "repeated" } }
          : await tools.run(action.tool, args);
        seen.add(signature);
        emit(config, { type: "scan_step", index: i, tool: action.tool, args: args as Record<string, unknown>, ok: outcome.ok, summary: outcome.summary, ...(outcome.summaryText ? { summaryText: outcome.summaryText } : {}) });
        steps.push({ line: `步骤 ${i + 1}：${action.tool} ${JSON.stringify(args)}`, result: clip(outcome.text, RESULT_CHARS), summary: outcome.summary });
      }
      const facts = [skeleton, ...steps.filter((s) => s.summary !== "refused" && s.summary !== "repeated").map((s) => `${s.line}\n${s.result}`)].join("\n\n");
      let overview: ProjectOverview;
      try {
        ({ value: overview } = await deps.llm.generateStructured({
          ...renderPrompt(OVERVIEW_PROMPT, state.locale, { topic: state.topic, facts: clip(facts, FACT_CHARS) }),
          schema: ProjectOverviewSchema,
          tag: { role: "scanner", step: "overview" },
          maxTokens: 700,
          temperature: 0.2,
          signal: config.signal,
        }));
      } catch (error) {
        if (isAbort(error, config.signal)) throw error;
        modelFailures.push(error instanceof Error ? error.message : String(error));
        overview = { summary: `${state.topic}（概览由确定性扫描生成）`, components: [], usage: "" };
      }
      const context = cleanText(
        [
          `项目概览：${overview.summary}`,
          overview.components.length ? `主要组成：\n${overview.components.map((c) => `- ${c.name}：${c.role}`).join("\n")}` : "",
          overview.usage ? `使用方式：${overview.usage}` : "",
          state.context ? `补充说明：${state.context}` : "",
          `项目骨架：\n${skeleton}`,
        ]
          .filter(Boolean)
          .join("\n\n"),
      ).slice(0, CONTEXT_CHARS);
      return {
        update: { context },
        ...summaryOf(
          modelFailures.length ? "scanFailures" : "scan",
          { steps: steps.length, bytes: root.bytesRead, failures: modelFailures.length },
          `${steps.length} steps, ${root.bytesRead} bytes read${modelFailures.length ? `, ${modelFailures.length} model failures` : ""}`,
        ),
      };
    });
}

function cleanArgs(args: CodeToolArgs): CodeToolArgs {
  return Object.fromEntries(Object.entries(args ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== "")) as CodeToolArgs;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
