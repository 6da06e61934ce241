import type { MethodOutput } from "../../../shared/api.js";
import { ScriptoriumError } from "../../../shared/errors.js";
import { fileSafe } from "./ArticleExporter.js";
import type { TrackedReplacement } from "./trackedChangeList.js";
import { trackedChangesDocx } from "./trackedChangesDocx.js";

export const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/**
 * The kept replacements a session's events report (the doc generator's `module_revise` rounds):
 * they explain the changes between two versions as comments. Other workflows report none, and
 * their tracked exports carry revisions without comments.
 */
export function keptReplacements(events: ReadonlyArray<{ type: string }>): TrackedReplacement[] {
  const out: TrackedReplacement[] = [];
  for (const event of events) {
    if (event.type !== "module_revise") continue;
    const records = (event as { records?: Array<TrackedReplacement & { status?: string }> }).records ?? [];
    for (const r of records) if (r.status === "kept") out.push({ group: r.group, start_line: r.start_line, end_line: r.end_line, old: r.old, new: r.new, reason: r.reason });
  }
  return out;
}

/** `documents.export` with `tracked: {from, to}`: version `from` → `to` as a DOCX with tracked changes. */
export async function trackedExport(request: {
  format: string;
  title: string;
  from: { number: number; markdown: string };
  to: { number: number; markdown: string };
  replacements: readonly TrackedReplacement[];
}): Promise<MethodOutput<"documents.export">> {
  if (request.format !== "docx") throw new ScriptoriumError("bad_request", `tracked changes are exported as docx only, not ${request.format}`, { format: request.format });
  const content = await trackedChangesDocx(request.from.markdown, request.to.markdown, request.replacements, { title: request.title });
  return { fileName: `${fileSafe(request.title)}-v${request.from.number}-v${request.to.number}-tracked.docx`, mimeType: DOCX_MIME, encoding: "base64", content: content.toString("base64") };
}
