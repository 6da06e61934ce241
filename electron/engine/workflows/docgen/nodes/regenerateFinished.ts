import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { DocOutline } from "../../../../../shared/workflows/docgen.js";
import { runStep, sessionIdOf, summaryOf } from "../../common/nodeRuntime.js";
import { storeDraftVersion } from "../../common/storeDraftVersion.js";
import type { DocgenDeps } from "../DocgenDeps.js";
import { replaceSection, sectionBlocks } from "../sectionBlocks.js";
import type { DocgenState, DocgenUpdate } from "../state.js";
import { writeOneSection } from "./writeSections.js";

/**
 * `docgen.regenerateSection` on a finished run (the engine redirects the session here): section
 * `index` of the latest version — what the user sees, edits and restores included — is written
 * again from the run's source; every other byte stays. A new version (reason `regenerate`) only
 * when the writer succeeded: a failed rewrite never replaces text with a failure placeholder.
 * No review round follows (it could touch other sections); the run ends `done` again.
 */
export function regenerateFinishedNode(deps: DocgenDeps) {
  return (state: DocgenState, config: LangGraphRunnableConfig): Promise<DocgenUpdate> =>
    runStep<DocgenUpdate>(config, { step: "regenerate_finished", agent: "writer", label: "重写章节" }, async () => {
      const request = state.regen_request;
      if (!request) return { update: {}, ...summaryOf("nothingToDo", {}, "nothing to do") };
      const sessionId = sessionIdOf(config);
      const base = deps.versions.latest(sessionId)?.markdown ?? state.current_draft;
      const blocks = sectionBlocks(base);
      if (request.index >= blocks.length) return { update: { regen_request: null }, ...summaryOf("noSection", { n: request.index + 1 }, `no section ${request.index + 1}`) };
      // The document's own sections (it may have been edited); scopes from the outline where titles still match.
      const outline: DocOutline = {
        title: state.outline?.title ?? state.topic,
        sections: blocks.map((b) => ({ title: b.title, scope: state.outline?.sections.find((s) => s.title === b.title)?.scope ?? "" })),
      };
      const result = await writeOneSection(deps, state, outline, request.index, Date.now(), config, request.notes);
      if (result.failed) return { update: { regen_request: null }, ...summaryOf("sectionFailedUnchanged", { n: request.index + 1 }, `section ${request.index + 1} failed again; the document is unchanged`) };
      // The finished document's citations are already GB/T 7714 numbers; a rewritten section's `[m001]`
      // would be a session id in the text, so it is dropped rather than left dangling.
      const text = state.materials?.length ? result.text.replace(/\[m\d{3,}\]/g, "") : result.text;
      const markdown = replaceSection(base, request.index, text);
      const version = storeDraftVersion(deps.versions, sessionId, { markdown, reason: "regenerate", after: state.draft_version, title: outline.title, revisionCount: 0 }, config);
      const update: DocgenUpdate = {
        current_draft: markdown,
        draft_version: version.number,
        regen_request: null,
        failed_sections: state.failed_sections.filter((i) => i !== request.index),
      };
      return { update, ...summaryOf("sectionRewrittenVersion", { n: request.index + 1, v: version.number }, `section ${request.index + 1} rewritten (version ${version.number})`) };
    });
}
