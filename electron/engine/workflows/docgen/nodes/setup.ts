import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { ScriptoriumError } from "../../../../../shared/errors.js";
import type { ModuleReport } from "../../../../../shared/workflows/docgen.js";
import { runStep, sessionIdOf } from "../../common/nodeRuntime.js";
import { storeDraftVersion } from "../../common/storeDraftVersion.js";
import { adoptCache, readWip } from "../cacheFiles.js";
import type { DocgenDeps } from "../DocgenDeps.js";
import type { DocgenStateType, DocgenUpdate } from "../state.js";

/**
 * Entry: the session's cache dir, the run's style guide (its modules must be ones the graph has
 * nodes for), the review pipeline, and — for a resumed run — the cache of the earlier session.
 * A draft_wip.md in the cache means the draft is done: the run goes straight to the review.
 */
export function setupNode(deps: DocgenDeps, graphModuleKeys: readonly string[]) {
  return (state: DocgenStateType, config: LangGraphRunnableConfig): Promise<DocgenUpdate> =>
    runStep<DocgenUpdate>(config, { step: "setup", agent: "system", label: "准备" }, async () => {
      const sessionId = sessionIdOf(config);
      const cacheDir = deps.cacheDir(sessionId);
      const guide = await deps.guide(state.rules_file);
      const unknown = guide.modules.filter((m) => !graphModuleKeys.includes(m.id)).map((m) => m.id);
      if (unknown.length) {
        throw new ScriptoriumError("bad_request", `Style guide ${state.rules_file || guide.name} has modules the graph was not built with: ${unknown.join(", ")}. Use the module keys of ${graphModuleKeys.join(", ")}.`, { unknown });
      }
      if (!guide.modules.length) throw new ScriptoriumError("bad_request", `Style guide ${state.rules_file || guide.name} has no "## key（名称）" modules.`);
      // Graph order: each review node's edges lead only to the modules after it.
      const modules = [...guide.modules].sort((a, b) => graphModuleKeys.indexOf(a.id) - graphModuleKeys.indexOf(b.id));
      const pipeline = modules.map((m) => m.id);
      const reports: ModuleReport[] = modules.map((m) => ({ key: m.id, name: m.name, rounds: 0, violations_before: 0, violations_after: 0, breaker: false, status: "pending" }));
      const copied = state.resume_from ? await adoptCache(cacheDir, state.resume_from) : 0;
      const update: DocgenUpdate = { cache_dir: cacheDir, review_pipeline: pipeline, module_reports: reports, current_review_index: 0 };
      if (state.review_only && state.draft_version === null) {
        // The user's own document is version 1, so every repair is a diff against it.
        const version = storeDraftVersion(deps.versions, sessionId, { markdown: state.current_draft, reason: "user", after: null, title: state.topic, revisionCount: 0 }, config);
        update.draft_version = version.number;
      }
      const wip = state.review_only ? null : await readWip(cacheDir);
      if (wip) {
        update.current_draft = wip.markdown;
        if (wip.progress) {
          update.current_review_index = Math.min(wip.progress.current_review_index, pipeline.length);
          update.iteration_counts = wip.progress.iteration_counts;
          if (wip.progress.module_reports.length === reports.length) update.module_reports = wip.progress.module_reports as ModuleReport[];
        }
      }
      const summary = `${pipeline.length} modules${copied ? `, ${copied} cached files reused` : ""}${wip ? ", resuming at the review" : ""}`;
      return { update, summary };
    });
}
