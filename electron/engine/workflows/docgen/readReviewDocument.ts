import path from "node:path";
import { ScriptoriumError } from "../../../../shared/errors.js";
import type { DocgenStartInput } from "../../../../shared/workflows/docgen.js";
import { readUserTextFile } from "../../io/readUserTextFile.js";

/** Bytes a review file may have: the context field's 400 000 characters at up to 4 UTF-8 bytes each. */
const MAX_REVIEW_BYTES = 1_600_000;
/** What review-only reads as markdown (a .docx goes through the knowledge import, not here). */
const REVIEWABLE = new Set([".md", ".markdown", ".txt"]);

/**
 * The document a review-only run checks: the pasted markdown, or the file `source_path` names (an
 * upload in browser mode, a dialog's path in the desktop app), read as UTF-8 with the BOM dropped.
 * Errors name the file, so a wrong pick is refused before the session exists.
 */
export function readReviewDocument(input: Pick<DocgenStartInput, "context" | "source_path">): string {
  if (input.context?.trim() || !input.source_path) return input.context ?? "";
  const file = path.resolve(input.source_path);
  const ext = path.extname(file).toLowerCase();
  if (!REVIEWABLE.has(ext)) throw new ScriptoriumError("bad_request", `review file ${path.basename(file)}: only ${[...REVIEWABLE].join(", ")} files can be reviewed.`, { path: file });
  const text = readUserTextFile(file, { maxBytes: MAX_REVIEW_BYTES, what: "review file" }).replace(/^\uFEFF/, "");
  if (!text.trim()) throw new ScriptoriumError("bad_request", `review file ${path.basename(file)} is empty.`, { path: file });
  return text;
}
