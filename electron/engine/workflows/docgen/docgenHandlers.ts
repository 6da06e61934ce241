import { ScriptoriumError } from "../../../../shared/errors.js";
import type { WorkflowRunner } from "../../runtime/WorkflowRunner.js";
import type { VersionStore } from "../WorkflowDefinition.js";
import { guideLibrary } from "./DocgenDeps.js";
import { sectionBlocks } from "./sectionBlocks.js";

/** The Engine's `docgen.*` methods: the style-guide library under `<dataDir>/guides`, and regenerating a finished run's section. */
export function docgenHandlers(dataDir: string, runner: WorkflowRunner, versions: VersionStore) {
  const library = guideLibrary(dataDir);
  return {
    "docgen.listGuides": async () => ({ guides: await library.list() }),
    "docgen.importGuide": async (input: { name?: string | undefined; markdown?: string | undefined; path?: string | undefined }) => ({ guide: await library.import(input) }),
    "docgen.deleteGuide": async ({ id }: { id: string }) => {
      await library.delete(id);
      return { ok: true as const };
    },
    "docgen.regenerateSection": async ({ sessionId, index, notes }: { sessionId: string; index: number; notes?: string | undefined }) => {
      const state = await runner.state(sessionId);
      if (state.session.workflow !== "docgen") throw new ScriptoriumError("bad_request", `Session ${sessionId} is a ${state.session.workflow} session, not docgen.`);
      if (state.session.status !== "done") {
        throw new ScriptoriumError("conflict", `Session ${sessionId} is ${state.session.status}; a section is regenerated once the run is done (at the sections_failed pause use run.resume with regenerate_section).`, { status: state.session.status });
      }
      const values = state.values as { review_only?: boolean; current_draft?: string };
      if (values.review_only) throw new ScriptoriumError("bad_request", "A review-only session has no source to write a section from.");
      const markdown = versions.latest(sessionId)?.markdown ?? values.current_draft ?? "";
      const count = sectionBlocks(markdown).length;
      if (index >= count) throw new ScriptoriumError("bad_request", `index ${index} is not a section of the document (0–${count - 1}).`, { index, sections: count });
      await runner.redirect(sessionId, { regen_request: { index, notes: notes ?? "" } }, "regenerate_finished");
      return { sessionId, status: "running" };
    },
  };
}
