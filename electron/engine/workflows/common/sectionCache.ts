import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { writeFileAtomic } from "../../io/atomicWrite.js";
import { readJsonFile } from "../../io/readJsonFile.js";

/**
 * A session's cache dir (`<dataDir>/cache/<session>/`): `outline.json` and `section_<i>.md`
 * (docgen adds `draft_wip.md` and `review_state.json`), so a crash mid-draft does not redo
 * finished work. A cached section's first line stores the key of the inputs that produced it and
 * the SHA-256 of its text; it is reused only when the key matches the current request and the text
 * its checksum. These are cache writes (`durable: false`): atomic against a crash of the app, and
 * after a power cut a missing, empty or short file is a cache miss (the checksum, the outline's
 * JSON), so the section is written again — never a half section in the document. These files are
 * small, so they are read in place (readFileSync): an async read of a small file costs more in
 * thread-pool round trips than the read itself.
 */
const KEY_LINE = /^<!-- key: ([0-9a-f]{64})(?: sha256: ([0-9a-f]{64}))? -->\n/;

/** A stable key for everything that determines a section's text. */
export function sectionKey(inputs: unknown): string {
  return createHash("sha256").update(JSON.stringify(inputs)).digest("hex");
}

const fileOf = (dir: string, index: number) => path.join(dir, `section_${index}.md`);

/** The cached text of section `index` when it was written for `key`, else null. */
export async function readCachedSection(dir: string, index: number, key: string): Promise<string | null> {
  let text: string;
  try {
    text = fs.readFileSync(fileOf(dir, index), "utf8");
  } catch {
    return null;
  }
  const match = KEY_LINE.exec(text);
  if (match?.[1] !== key) return null;
  const body = text.slice(match[0].length);
  // No checksum: written by a version that fsynced every section, so it is whole.
  return match[2] === undefined || match[2] === sha256(body) ? body : null;
}

/** Store section `index` atomically (temp file, rename), its key and checksum on the first line. */
export async function writeCachedSection(dir: string, index: number, key: string, text: string): Promise<void> {
  await writeFileAtomic(fileOf(dir, index), `<!-- key: ${key} sha256: ${sha256(text)} -->\n${text}`, { what: `section ${index + 1} of the draft cache`, durable: false });
}

/** Store the outline being drafted from (`outline.json`); a short file after a power cut is not JSON, so a miss. */
export async function writeCachedOutline(dir: string, outline: unknown): Promise<void> {
  await writeFileAtomic(path.join(dir, "outline.json"), `${JSON.stringify(outline, null, 2)}\n`, { what: "the cached outline", durable: false });
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The cached outline, or null when there is none, it is not JSON or it does not fit the workflow's `schema`. */
export async function readCachedOutline<S extends z.ZodType>(dir: string, schema: S): Promise<z.output<S> | null> {
  return readJsonFile(path.join(dir, "outline.json"), schema).catch(() => null);
}
