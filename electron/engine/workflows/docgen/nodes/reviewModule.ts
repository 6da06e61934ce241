import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { DOCGEN_MAX_ROUNDS, type DocViolation, type ModuleReport } from "../../../../../shared/workflows/docgen.js";
import { emit, runStep, sessionIdOf, summaryOf } from "../../common/nodeRuntime.js";
import { moduleTitleEn } from "../../../../../shared/workflows/docgen.js";
import { runGuide, type DocgenModuleDeps } from "../DocgenDeps.js";
import { BREAKER_PREFIX, formatComment, violationKey } from "../docgenText.js";
import { findViolations, type FoundViolations } from "../review/findViolations.js";
import type { ModuleFindings } from "../review/ModuleFindings.js";
import { reviewAheadWidth } from "../review/ReviewAhead.js";
import type { DocgenState, DocgenUpdate } from "../state.js";

/**
 * `review_<module>`: checkers then the review model on the current draft. A revise that left more
 * violations than the round before is rolled back to the previous draft. No violations → pass;
 * `iteration_counts[module] ≥ 3`, or a revise that kept nothing → forced pass with `【熔断放行】…`;
 * otherwise fail → revise.
 * Violations raised last round and still present are marked as repeats (the revise prompt's warning).
 */
export function reviewModuleNode(deps: DocgenModuleDeps) {
  const { id: moduleKey, name: moduleName } = deps.module;
  return (state: DocgenState, config: LangGraphRunnableConfig): Promise<DocgenUpdate> =>
    runStep<DocgenUpdate>(config, { step: `review_${moduleKey}`, agent: "editor", label: `审查：${moduleName}`, labelText: { key: "review", params: { name: { zh: moduleName, en: moduleTitleEn(moduleKey) } } } }, async () => {
      const guide = await runGuide(deps, state);
      const module = guide.modules.find((m) => m.id === moduleKey)!;
      const round = state.iteration_counts[moduleKey] ?? 0;
      const sessionId = sessionIdOf(config);
      const review = (m: (typeof guide.modules)[number], signal?: AbortSignal) =>
        findViolations({ llm: deps.llm, ruleIndex: deps.ruleIndex(sessionId) }, guide, m, state.current_draft, signal, state.locale);
      // This module and the ones after it in the pipeline, reviewed side by side on the same draft.
      const pipeline = state.review_pipeline.slice(state.current_review_index).flatMap((key) => guide.modules.filter((m) => m.id === key));
      // A revise round that kept nothing leaves the very draft reviewed last round: a second review
      // would return its findings again and the next revise would drop them again (measured on Gemma:
      // three all-dropped rounds of one module). Its findings stand and the module stops here.
      const stalled = round > 0 && state.prev_findings !== null && state.prev_draft === state.current_draft;
      const settings = deps.settings();
      const width = reviewAheadWidth(state.current_draft, settings.sequences ?? 1, settings.backend === "llamacpp");
      const found: FoundViolations = stalled
        ? { ...state.prev_findings!, rejected: 0, ignored: { quote: 0, echo: 0 }, modelCalled: false }
        : deps.reviewAhead && pipeline[0]?.id === moduleKey
          ? await deps.reviewAhead.take(sessionId, state.current_draft, pipeline, width, review, config.signal)
          : await review(module, config.signal);
      let draft = state.current_draft;
      let lines = draft.split("\n");
      const history = new Set(state.violation_history_cache[moduleKey] ?? []);
      let findings: ModuleFindings = {
        violations: found.violations.map((v) => ({ ...v, repeated: history.has(violationKey(v, lines)) })),
        fixable: found.fixable,
        lintIndex: found.lintIndex,
      };
      const update: DocgenUpdate = {};
      if (round > 0 && state.prev_violation_count !== null && state.prev_findings && findings.violations.length > state.prev_violation_count) {
        emit(config, { type: "module_rollback", module: moduleKey, round, before: state.prev_violation_count, after: findings.violations.length });
        draft = state.prev_draft;
        lines = draft.split("\n");
        // The earlier draft's findings stand (its lint too), and all of them have now been raised before.
        findings = { ...state.prev_findings, violations: state.prev_findings.violations.map((v) => ({ ...v, repeated: true })) };
        update.current_draft = draft;
      }
      const violations: DocViolation[] = findings.violations;
      const passed = violations.length === 0;
      const breaker = !passed && (round >= DOCGEN_MAX_ROUNDS || stalled);
      emit(config, { type: "module_review", module: moduleKey, name: module.name, round, violations, passed, rejected: found.rejected, ...(found.modelError ? { model_error: found.modelError.slice(0, 300) } : {}) });
      // Module reviews n/m for the job tray (the modules run in guide order); the run's abort stops them.
      emit(config, { type: "progress", task: "module_reviews", done: guide.modules.findIndex((m) => m.id === moduleKey) + (passed || breaker ? 1 : 0), total: guide.modules.length, message: `${module.name} · ${round + 1}` });
      const comments = violations.map(formatComment);
      const reports = state.module_reports.map((r): ModuleReport =>
        r.key !== moduleKey
          ? r
          : {
              ...r,
              rounds: round,
              violations_before: round === 0 ? violations.length : r.violations_before,
              violations_after: violations.length,
              breaker,
              status: passed ? "passed" : breaker ? "breaker" : "reviewing",
            },
      );
      Object.assign(update, {
        findings,
        module_reports: reports,
        violation_history_cache: { ...state.violation_history_cache, [moduleKey]: violations.map((v) => violationKey(v, lines)) },
        is_valid: passed,
        prev_violation_count: violations.length,
      } satisfies DocgenUpdate);
      // The draft the next review reads is not this one (a revise follows, or the earlier draft was restored).
      if ((!passed && !breaker) || update.current_draft !== undefined) deps.reviewAhead?.drop(sessionId);
      if (passed || breaker) {
        let reviewComments = comments;
        if (breaker) {
          const why = stalled ? `第 ${round} 轮修订未能改动文稿` : `经过 ${round} 轮修订`;
          const comment = `${BREAKER_PREFIX}模块「${module.name}」${why}，仍有 ${violations.length} 条问题，强制放行：${comments.slice(0, 5).join("；")}`;
          reviewComments = [comment, ...comments];
          emit(config, { type: "module_breaker", module: moduleKey, rounds: round, remaining: violations.length, comment });
        }
        Object.assign(update, {
          verdict: passed ? "pass" : "breaker",
          review_comments: reviewComments,
          current_review_index: state.current_review_index + 1,
          prev_violation_count: null,
          prev_draft: "",
          prev_findings: null,
        } satisfies DocgenUpdate);
      } else {
        Object.assign(update, { verdict: "fail", review_comments: comments } satisfies DocgenUpdate);
      }
      const summary = passed ? "passed" : breaker ? `breaker after ${round} rounds (${violations.length} left)` : `${violations.length} violations (round ${round})`;
      const text = summaryOf(passed ? "reviewPassed" : breaker ? "reviewBreaker" : "reviewViolations", { n: violations.length, round }, summary);
      return { update, ...withIgnoredNotes(text, found) };
    });
}

/** The step's summary with what the guards dropped, e.g. "；3 条审查意见引用了文中不存在的文字，已忽略". */
function withIgnoredNotes(text: ReturnType<typeof summaryOf>, found: FoundViolations): ReturnType<typeof summaryOf> {
  const notes: Array<{ key: string; params: { n: number } }> = [];
  const plain: string[] = [];
  if (found.ignored.quote) {
    notes.push({ key: "ignoredQuotes", params: { n: found.ignored.quote } });
    plain.push(`${found.ignored.quote} findings quoting text not in the document ignored`);
  }
  if (found.ignored.echo) {
    notes.push({ key: "ignoredEchoes", params: { n: found.ignored.echo } });
    plain.push(`${found.ignored.echo} findings copying the prompt's example or the schema ignored`);
  }
  if (!notes.length) return text;
  return { summary: `${text.summary}; ${plain.join("; ")}`, summaryText: { ...text.summaryText, notes } };
}
