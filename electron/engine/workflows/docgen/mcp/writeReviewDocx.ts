import fs from "node:fs";
import path from "node:path";
import type { ScriptoriumApi } from "../../../../../shared/api.js";
import { ScriptoriumError } from "../../../../../shared/errors.js";
import { writeFileAtomic } from "../../../io/atomicWrite.js";
import { confinePathSync, isInsideRoot } from "../../../io/confinePath.js";

/** What review_doc / docs_result report about the Word file they wrote. */
export interface WrittenDocx {
  path: string;
  bytes: number;
  /** The versions compared: the document as given → the repaired one. */
  from_version: number;
  to_version: number;
}

/**
 * `output_docx` of review_doc / docs_result: the job's review (first version → latest) as a Word
 * file with tracked changes, written only inside the folder the MCP server was started with
 * (`--output-dir`): an MCP client is a model acting for the user, so it may not pick any path on
 * the disk. A relative path is taken inside that folder; `..`, absolute paths elsewhere and a
 * symlinked folder that leads out are refused, as is a name not ending in `.docx`.
 */
export async function writeReviewDocx(api: ScriptoriumApi, jobId: string, requested: string, outputDir: string | null): Promise<WrittenDocx> {
  const file = confinedDocxPath(requested, outputDir);
  const { versions } = await api.call("documents.versions", { sessionId: jobId });
  const numbers = versions.map((v) => v.number).sort((a, b) => a - b);
  if (numbers.length === 0) throw new ScriptoriumError("conflict", `Job ${jobId} has no document yet; ask again when it is done.`, { job_id: jobId });
  const [from, to] = [numbers[0]!, numbers.at(-1)!];
  const result = await api.call("documents.export", { sessionId: jobId, format: "docx", tracked: { from, to } });
  const bytes = Buffer.from(result.content, "base64");
  await writeFileAtomic(file, bytes);
  return { path: file, bytes: bytes.length, from_version: from, to_version: to };
}

/** The absolute path `requested` names inside `outputDir`, or a `bad_request` naming why not. */
export function confinedDocxPath(requested: string, outputDir: string | null): string {
  if (!outputDir) throw new ScriptoriumError("bad_request", "output_docx needs an output folder: start the MCP server with --output-dir DIR (or SCRIPTORIUM_MCP_OUTPUT_DIR).", { output_docx: requested });
  if (path.extname(requested).toLowerCase() !== ".docx") throw new ScriptoriumError("bad_request", `output_docx must end in .docx, got ${requested}.`, { output_docx: requested });
  const root = path.resolve(outputDir);
  const file = path.resolve(root, requested);
  if (!isInsideRoot(root, file)) throw new ScriptoriumError("bad_request", `output_docx ${requested} is outside the output folder ${root}.`, { output_docx: requested, output_dir: root });
  let realRoot: string;
  try {
    realRoot = fs.realpathSync(root);
  } catch {
    throw new ScriptoriumError("not_found", `The output folder ${root} does not exist.`, { output_dir: root });
  }
  const parent = confinePathSync(realRoot, path.dirname(file));
  if (!parent) throw new ScriptoriumError("bad_request", `output_docx ${requested}: its folder does not exist or leads outside the output folder ${root}.`, { output_docx: requested, output_dir: root });
  const target = path.join(parent, path.basename(file));
  const existing = fs.lstatSync(target, { throwIfNoEntry: false });
  if (existing && !existing.isFile()) throw new ScriptoriumError("bad_request", `output_docx ${requested} exists and is not a regular file.`, { output_docx: requested });
  return target;
}
