import path from "node:path";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { ScriptoriumError } from "../../../../../shared/errors.js";
import type { ModuleReport } from "../../../../../shared/workflows/docgen.js";
import { runStep, sessionIdOf, summaryOf } from "../../common/nodeRuntime.js";
import { storeDraftVersion } from "../../common/storeDraftVersion.js";
import { writeFileAtomic } from "../../../io/atomicWrite.js";
import { adoptCache, readWip } from "../cacheFiles.js";
import { readGuideFile, type DocgenDeps } from "../DocgenDeps.js";
import { extractLinks } from "../links/userLinks.js";
import type { DocgenState, DocgenUpdate } from "../state.js";

/**
 * Entry: the session's cache dir, the run's style guide — copied into the cache dir as `guide.md`,
 * so editing or re-importing it mid-run changes nothing for this run (its modules are the graph's
 * nodes) — the review pipeline, and, for a resumed run, the cache of the earlier session.
 * A draft_wip.md in the cache means the draft is done: the run goes straight to the review.
 */
/** The run's copy of its style guide in the cache dir. */
export const GUIDE_COPY = "guide.md";

export function setupNode(deps: DocgenDeps & { graphModuleKeys: readonly string[] }) {
  const { graphModuleKeys } = deps;
  return (state: DocgenState, config: LangGraphRunnableConfig): Promise<DocgenUpdate> =>
    runStep<DocgenUpdate>(config, { step: "setup", agent: "system", label: "准备" }, async () => {
      const sessionId = sessionIdOf(config);
      const cacheDir = deps.cacheDir(sessionId);
      const snapshot = path.join(cacheDir, GUIDE_COPY);
      const source = state.rules_file === snapshot ? { file: snapshot, name: state.guide_name } : deps.guideFile(state);
      const guideName = state.guide_name || source.name;
      const text = readGuideFile(source.file);
      if (source.file !== snapshot) await writeFileAtomic(snapshot, text, { what: "the run's copy of the style guide" });
      const guide = await deps.guide(snapshot, guideName);
      const keys = guide.modules.map((m) => m.id);
      if (keys.join("\u0000") !== graphModuleKeys.join("\u0000")) {
        // The file changed between the start and this step: its nodes are not the graph's.
        throw new ScriptoriumError("conflict", `Style guide ${guideName} changed while the run started (modules ${keys.join(", ")}; the run has ${graphModuleKeys.join(", ")}). Start again.`);
      }
      // Graph order: each review node's edges lead only to the modules after it.
      const modules = [...guide.modules].sort((a, b) => graphModuleKeys.indexOf(a.id) - graphModuleKeys.indexOf(b.id));
      const pipeline = modules.map((m) => m.id);
      const reports: ModuleReport[] = modules.map((m) => ({ key: m.id, name: m.name, rounds: 0, violations_before: 0, violations_after: 0, breaker: false, status: "pending" }));
      const copied = state.resume_from ? await adoptCache(cacheDir, state.resume_from) : 0;
      const update: DocgenUpdate = {
        user_links: state.review_only ? [] : extractLinks(state.context),
        cache_dir: cacheDir,
        rules_file: snapshot,
        guide_name: guideName,
        review_pipeline: pipeline,
        module_reports: reports,
        current_review_index: 0,
      };
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
      return { update, ...summaryOf(wip ? "setupResume" : copied ? "setupCached" : "setup", { n: pipeline.length, copied }, summary) };
    });
}
