import type { ReplacementRecordView } from "../../../../shared/workflows/docgen.js";
import type { Replacement } from "../../export/ExportDocument.js";
import { guessLocale } from "../../export/citationList.js";
import type { ExportHooks } from "../WorkflowDefinition.js";
import type { DocgenDeps } from "./DocgenDeps.js";

/**
 * The doc generator's export: the version's text, titled by its topic (a review session's name
 * starts with 审查：, which is no document title and no file name); a tracked export's comments
 * are the replacements the review kept.
 */
export const docgenExport: ExportHooks<DocgenDeps> = {
  document: ({ values, version, sessionTitle, locale }) => {
    const markdown = version?.markdown ?? (typeof values.current_draft === "string" ? values.current_draft : "");
    const topic = typeof values.topic === "string" && values.topic.trim() ? values.topic.trim() : sessionTitle.replace(/^审查[：:]\s*/, "");
    const heading = /^\s*#\s+(.+)$/m.exec(markdown)?.[1]?.trim();
    const words = locale ?? guessLocale(markdown);
    const review = values.review_only === true;
    return {
      title: heading || topic,
      markdown,
      locale: words,
      fileName: review ? `${topic}-${words === "zh" ? "审查" : "review"}` : topic,
    };
  },
  replacements: (events) => keptReplacements(events),
};

/** The kept replacements of the review's `module_revise` rounds, in the order they were made. */
export function keptReplacements(events: ReadonlyArray<{ type: string }>): Replacement[] {
  const out: Replacement[] = [];
  for (const event of events) {
    if (event.type !== "module_revise") continue;
    const records = (event as { records?: ReplacementRecordView[] }).records ?? [];
    for (const r of records) if (r.status === "kept") out.push({ group: r.group, start_line: r.start_line, end_line: r.end_line, old: r.old, new: r.new, reason: r.reason });
  }
  return out;
}
