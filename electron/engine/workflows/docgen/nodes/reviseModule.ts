import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { ScriptoriumError } from "../../../../../shared/errors.js";
import type { DocViolation, ReplacementRecordView } from "../../../../../shared/workflows/docgen.js";
import { fixModule } from "../rules/moduleChecks.js";
import { boundedSettled } from "../../common/boundedSettled.js";
import { emit, runStep, sessionIdOf, summaryOf } from "../../common/nodeRuntime.js";
import { moduleTitleEn } from "../../../../../shared/workflows/docgen.js";
import { storeDraftVersion } from "../../common/storeDraftVersion.js";
import { writeWip } from "../cacheFiles.js";
import { runGuide, type DocgenModuleDeps } from "../DocgenDeps.js";
import { formatComment } from "../docgenText.js";
import { renderPrompt } from "../../common/definePrompt.js";
import { REVISE_PROMPT } from "../prompts.js";
import { lineHunks } from "../revise/lineHunks.js";
import { numberLines } from "../revise/lineNumbers.js";
import { mergeReplacements, type Candidate, type ReplacementRecord } from "../revise/mergeReplacements.js";
import { newMechanicalViolations } from "../revise/newMechanicalViolations.js";
import { fixableKey, groupByRule } from "../review/ModuleFindings.js";
import { reviseBudget, revisePlanSchema } from "../schemas.js";
import type { DocgenState, DocgenUpdate } from "../state.js";

/** Lines of context shown around a group's violations, and how far a replacement may reach beyond them. */
const EXCERPT_CONTEXT = 4;
const MARGIN = 2;

/**
 * `revise_<module>`: one revise agent per rule group (concurrently, bounded by the sequence pool)
 * for what needs judgement, each answering a RevisePlan that is validated and merged bottom-up;
 * then the module's deterministic fixes for its mechanical rules. Every replacement is recorded.
 * The result is stored as a version and as draft_wip.md.
 */
export function reviseModuleNode(deps: DocgenModuleDeps) {
  const { id: moduleKey, name: moduleName } = deps.module;
  return (state: DocgenState, config: LangGraphRunnableConfig): Promise<DocgenUpdate> =>
    runStep<DocgenUpdate>(config, { step: `revise_${moduleKey}`, agent: "writer", label: `修订：${moduleName}`, labelText: { key: "revise", params: { name: { zh: moduleName, en: moduleTitleEn(moduleKey) } } } }, async () => {
      const guide = await runGuide(deps, state);
      const module = guide.modules.find((m) => m.id === moduleKey)!;
      const round = (state.iteration_counts[moduleKey] ?? 0) + 1;
      const draft = state.current_draft;
      const lines = draft.split("\n");
      // The review's typed findings: the checker's certain fixes handle what they can, everything
      // else goes to the model, one call per rule.
      const findings = state.findings ?? { violations: [], fixable: [], lintIndex: {} };
      const certain = new Set(findings.fixable);
      const forModel = findings.violations.filter((v) => v.source === "model" || !certain.has(fixableKey(v.rule_id, v.line)));
      const byRule = groupByRule(forModel);
      const entries = [...byRule].map(([id, vs]) => [id, vs.map(formatComment)] as const);
      const failures: string[] = [];
      const plans = await boundedSettled(
        entries,
        Math.max(1, deps.settings().sequences ?? 1),
        async ([ruleId, comments]): Promise<Candidate[]> => {
          const vs = byRule.get(ruleId)!;
          const from = Math.max(1, Math.min(...vs.map((v) => v.line)) - EXCERPT_CONTEXT);
          const to = Math.min(lines.length, Math.max(...vs.map((v) => v.line)) + EXCERPT_CONTEXT);
          const rule = module.rules.find((r) => r.id === ruleId);
          const budget = reviseBudget(lines, vs.map((v) => v.line));
          try {
            const { value } = await deps.llm.generateStructured({
              ...renderPrompt(REVISE_PROMPT, state.locale, {
                numberedExcerpt: numberLines(draft, from, to),
                rule: rule ? `${rule.id} ${rule.title}\n${rule.body}`.slice(0, 1200) : ruleId,
                comments: comments.join("\n"),
              }),
              schema: revisePlanSchema(from, to, budget.replacements),
              tag: { role: "reviser", step: moduleKey },
              // Sized to the lines it rewrites, not to the excerpt shown: a replacement copies and rewrites whole lines.
              maxTokens: budget.maxTokens,
              temperature: 0.2,
              signal: config.signal,
            });
            return value.replacements.map((r) => ({ ...r, group: ruleId, violationLines: vs.map((v) => v.line) }));
          } catch (error) {
            if (config.signal?.aborted || (error instanceof ScriptoriumError && error.code === "aborted")) throw error;
            // One group's failed call drops only that group's fixes; the round goes on.
            failures.push(`${ruleId}: ${error instanceof Error ? error.message : String(error)}`);
            return [];
          }
        },
        config.signal,
      );
      const merged = mergeReplacements(draft, plans.flat(), { margin: MARGIN, newViolations: newMechanicalViolations(findings.lintIndex) });
      const fixed = fixModule(merged.text, module);
      const fixRecords: ReplacementRecord[] = lineHunks(merged.text, fixed).map((h) => ({ group: "fix", ...h, reason: "确定性修复（机械规则）", status: "kept" }));
      const records = [...merged.records, ...fixRecords];
      emit(config, { type: "module_revise", module: moduleKey, round, records: records.map(toView), fixed: fixRecords.length });
      const iteration_counts = { ...state.iteration_counts, [moduleKey]: round };
      const update: DocgenUpdate = {
        current_draft: fixed,
        prev_draft: draft,
        prev_findings: findings,
        iteration_counts,
        replacement_log: [...state.replacement_log, ...records.map((r) => ({ ...toView(r), module: moduleKey, round }))],
      };
      if (fixed !== draft) {
        const version = storeDraftVersion(deps.versions, sessionIdOf(config), { markdown: fixed, reason: "editor", after: state.draft_version, title: state.outline?.title ?? state.topic, revisionCount: round }, config);
        update.draft_version = version.number;
      }
      await writeWip(state.cache_dir, fixed, { current_review_index: state.current_review_index, iteration_counts, module_reports: state.module_reports });
      const kept = records.filter((r) => r.status === "kept").length;
      return {
        update,
        ...summaryOf(
          failures.length ? "reviseFailed" : "revise",
          { round, kept, dropped: records.length - kept, failed: failures.length },
          `round ${round}: ${kept} kept, ${records.length - kept} dropped${failures.length ? `, ${failures.length} groups failed (${failures[0]!.slice(0, 160)})` : ""}`,
        ),
      };
    });
}

function toView(r: ReplacementRecord): ReplacementRecordView {
  return {
    group: r.group,
    start_line: r.start_line,
    end_line: r.end_line,
    old: r.old,
    new: r.new,
    reason: r.reason,
    status: r.status,
    ...(r.dropped ? { dropped: r.dropped } : {}),
  };
}
