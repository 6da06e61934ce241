import type { ScriptoriumApi } from "../../../../shared/api.js";
import { usageError } from "../../../../shared/cli/CliContext.js";
import { writeFileAtomic } from "../../io/atomicWrite.js";

/**
 * `--out file.docx` of `docgen review`: the session's first version (the document as given) →
 * its latest (the repaired one) as a Word file with tracked changes and a comment per kept
 * replacement. A session without stored versions is a usage error.
 */
export async function writeTrackedDocx(api: ScriptoriumApi, sessionId: string, file: string): Promise<void> {
  const { versions } = await api.call("documents.versions", { sessionId });
  const numbers = versions.map((v) => v.number).sort((a, b) => a - b);
  if (numbers.length === 0) throw usageError(`session ${sessionId} has no stored version to export`);
  const result = await api.call("documents.export", { sessionId, format: "docx", tracked: { from: numbers[0]!, to: numbers.at(-1)! } });
  await writeFileAtomic(file, Buffer.from(result.content, "base64"), { what: "the tracked-changes document" });
}
