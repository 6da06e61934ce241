import { ScriptoriumError } from "../../../../shared/errors.js";
import type { docgenContract } from "../../../../shared/workflows/docgen.js";
import type { MethodContext, MethodHandlers } from "../WorkflowDefinition.js";
import type { DocgenDeps } from "./DocgenDeps.js";
import { sectionBlocks } from "./sectionBlocks.js";

/** The `docgen.*` methods: the style-guide library under `<dataDir>/guides`, and regenerating a finished run's section. */
export function docgenMethods(deps: DocgenDeps, { sessions }: MethodContext): MethodHandlers<typeof docgenContract> {
  const { versions } = deps;
  const library = () => {
    if (!deps.library) throw new ScriptoriumError("unavailable", "The guide library needs the engine's data directory.");
    return deps.library;
  };
  return {
    listGuides: async () => ({ guides: await library().list() }),
    importGuide: async (input) => ({ guide: await library().import(input) }),
    deleteGuide: async ({ id }) => {
      await library().delete(id);
      return { ok: true as const };
    },
    regenerateSection: async ({ sessionId, index, notes }) => {
      const state = await sessions.state(sessionId);
      if (state.session.workflow !== "docgen") throw new ScriptoriumError("bad_request", `Session ${sessionId} is a ${state.session.workflow} session, not docgen.`);
      if (state.session.status !== "done") {
        throw new ScriptoriumError("conflict", `Session ${sessionId} is ${state.session.status}; a section is regenerated once the run is done (at the sections_failed pause use run.resume with regenerate_section).`, { status: state.session.status });
      }
      const values = state.values as { review_only?: boolean; current_draft?: string };
      if (values.review_only) throw new ScriptoriumError("bad_request", "A review-only session has no source to write a section from.");
      const markdown = versions.latest(sessionId)?.markdown ?? values.current_draft ?? "";
      const count = sectionBlocks(markdown).length;
      if (index >= count) throw new ScriptoriumError("bad_request", `index ${index} is not a section of the document (0–${count - 1}).`, { index, sections: count });
      await sessions.redirect(sessionId, { regen_request: { index, notes: notes ?? "" } }, "regenerate_finished");
      return { sessionId, status: "running" };
    },
  };
}
