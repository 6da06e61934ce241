import { docgenContract, type DocOutline } from "../../../../shared/workflows/docgen.js";
import { definePauses } from "../common/definePauses.js";
import type { DocgenState, DocgenUpdate } from "./state.js";

/** The doc generator's two pauses (both only when `confirm_outline` is on), from the contract's table. */
export const docgenPauses = definePauses<typeof docgenContract.pauses, DocgenState>(docgenContract.pauses, {
  context: {
    outline_confirm: (state) => ({ outline: state.outline ?? { title: state.topic || "文档", sections: [{ title: "概述", scope: "" }] }, topic: state.topic }),
    sections_failed: (state) => ({ failed_sections: state.failed_sections, outline: state.outline ?? { title: state.topic || "文档", sections: [{ title: "概述", scope: "" }] } }),
  },
  check: (point, payload, request) => {
    if (point === "outline_confirm" && payload.action === "confirm" && payload.edited_outline) return editedOutlineProblem(payload.edited_outline as DocOutline);
    if (point !== "sections_failed" || payload.action !== "regenerate_section") return null;
    const outline = request.context.outline as { sections: unknown[] } | undefined;
    const index = payload.index as number;
    return outline && index >= outline.sections.length ? `index ${index} is not a section (0–${outline.sections.length - 1})` : null;
  },
});

export const pauseNode = (pause: "outline_confirm" | "sections_failed") => docgenPauses.node(pause) as unknown as (state: DocgenState) => DocgenUpdate;

/**
 * What is wrong with an outline the user edited at the confirm pause, or null. The writer would
 * otherwise drop a blank or repeated section title without a word (sanitizeDocOutline), so the user
 * hears about it and the pause stays as it was.
 */
export function editedOutlineProblem(outline: DocOutline): string | null {
  if (!outline.title.trim()) return "edited_outline.title: the document needs a title";
  const seen = new Map<string, number>();
  for (const [i, section] of outline.sections.entries()) {
    const title = section.title.trim();
    if (!title) return `edited_outline.sections[${i}].title: section ${i + 1} has no title`;
    const earlier = seen.get(title);
    if (earlier !== undefined) return `edited_outline.sections[${i}].title: section ${i + 1} repeats the title of section ${earlier + 1} (${title})`;
    seen.set(title, i);
  }
  return null;
}
