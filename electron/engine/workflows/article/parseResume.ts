import { ArticleResumeSchema, PAUSE_ACTIONS, PAUSE_POINTS, resumePayloadProblem } from "../../../../shared/article.js";
import type { ArticleResume, PausePoint } from "../../../../shared/article.js";
import { ScriptoriumError, formatZodError } from "../../../../shared/errors.js";
import type { Material } from "../../../../shared/knowledge.js";
import type { PauseRequest } from "../WorkflowDefinition.js";

/**
 * Check a resume payload against the pause it answers, before anything is persisted:
 * malformed → bad_request; action not allowed here → conflict with `{allowed}`; a missing field the
 * action needs, or approved ids that are not in the package → bad_request naming them.
 */
export function parseResume(pause: PauseRequest, payload: unknown): ArticleResume {
  if (!(PAUSE_POINTS as string[]).includes(pause.pausePoint)) {
    throw new ScriptoriumError("internal", `unknown article pause point ${pause.pausePoint}`);
  }
  const point = pause.pausePoint as PausePoint;
  const parsed = ArticleResumeSchema.safeParse(payload);
  if (!parsed.success) throw new ScriptoriumError("bad_request", formatZodError(parsed.error), parsed.error.issues);
  const allowed: readonly string[] = PAUSE_ACTIONS[point];
  const resume = parsed.data;
  if (!allowed.includes(resume.action)) {
    throw new ScriptoriumError("conflict", `action ${resume.action} is not allowed at ${point}; allowed: ${allowed.join(", ")}`, { allowed: [...allowed] });
  }
  const problem = resumePayloadProblem(resume);
  if (problem) throw new ScriptoriumError("bad_request", problem);
  if (point === "material_confirm" && resume.approved_material_ids) {
    const materials = (pause.context as { materials?: Material[] } | null)?.materials ?? [];
    const known = new Set(materials.map((m) => m.id));
    const unknown = resume.approved_material_ids.filter((id) => !known.has(id));
    if (unknown.length) {
      throw new ScriptoriumError("bad_request", `approved_material_ids not in the material package: ${unknown.join(", ")}`, { unknown });
    }
  }
  return resume;
}
