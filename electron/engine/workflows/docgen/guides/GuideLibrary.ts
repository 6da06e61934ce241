import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { ScriptoriumError } from "../../../../../shared/errors.js";
import type { GuideSummary } from "../../../../../shared/workflows/docgen.js";
import { writeFileAtomic } from "../../../io/atomicWrite.js";
import { readJsonFileSync } from "../../../io/readJsonFile.js";
import { readUserTextFile } from "../../../io/readUserTextFile.js";
import { parseRuleMarkdown } from "../rules/parseRuleMarkdown.js";
import { MAX_GUIDE_CHARS, validateGuide } from "./validateGuide.js";

/** The id of the built-in guide (`rules/DOC_GUIDELINES.md`) in the library. */
export const BUILTIN_GUIDE_ID = "builtin";

export interface GuideLibraryOptions {
  /** `<dataDir>/guides`: one `<id>.md` per imported guide and its `<id>.json` (name, import time). */
  dir: string;
  /** The built-in guide file, listed first and never deleted. */
  builtinFile: string;
}

/** `<id>.json` beside an imported guide: the name the user gave it. */
const GuideMetaSchema = z.object({ name: z.string(), importedAt: z.string().catch("") });
type GuideMeta = z.infer<typeof GuideMetaSchema>;

/**
 * The user's style guides: import (validated first — an invalid guide is refused with the problem
 * named and nothing is written), list, delete, and the file a run reads. Files on disk are the
 * only state, so every instance over the same folder agrees.
 */
export class GuideLibrary {
  constructor(private readonly options: GuideLibraryOptions) {}

  async list(): Promise<GuideSummary[]> {
    const imported: GuideSummary[] = [];
    let names: string[] = [];
    try {
      names = fs.readdirSync(this.options.dir).filter((f) => f.endsWith(".md"));
    } catch {
      // No guide imported yet.
    }
    for (const file of names) {
      const id = file.slice(0, -3);
      const summary = this.summaryOf(id, path.join(this.options.dir, file), this.meta(id));
      if (summary) imported.push(summary);
    }
    imported.sort((a, b) => a.name.localeCompare(b.name));
    const builtin = this.summaryOf(BUILTIN_GUIDE_ID, this.options.builtinFile, null);
    return [...(builtin ? [builtin] : []), ...imported];
  }

  /** Validate and store a guide under an id made from its name; the same name replaces the earlier import. */
  async import(input: { name?: string | undefined; markdown?: string | undefined; path?: string | undefined }): Promise<GuideSummary> {
    let markdown = input.markdown;
    if (input.path !== undefined) markdown = readGuideText(input.path);
    if (markdown === undefined) throw new ScriptoriumError("bad_request", "Give the guide as markdown or a path.");
    const name = (input.name?.trim() || titleOf(markdown) || (input.path ? path.basename(input.path, path.extname(input.path)) : "")).slice(0, 120);
    if (!name) throw new ScriptoriumError("bad_request", "The guide needs a name (or a '# title' line).");
    await validateGuide(markdown, name);
    const id = guideId(name);
    fs.mkdirSync(this.options.dir, { recursive: true });
    await writeFileAtomic(path.join(this.options.dir, `${id}.md`), markdown, { what: "the style guide" });
    await writeFileAtomic(path.join(this.options.dir, `${id}.json`), `${JSON.stringify({ name, importedAt: new Date().toISOString() } satisfies GuideMeta)}\n`, { what: "the style guide's name" });
    return this.summaryOf(id, path.join(this.options.dir, `${id}.md`), { name, importedAt: new Date().toISOString() })!;
  }

  async delete(id: string): Promise<void> {
    if (id === BUILTIN_GUIDE_ID) throw new ScriptoriumError("bad_request", "The built-in guide cannot be deleted.");
    const file = this.file(id);
    fs.rmSync(file, { force: true });
    fs.rmSync(path.join(this.options.dir, `${id}.json`), { force: true });
  }

  /** The markdown file of a guide id; `not_found` naming the id when there is none. */
  file(id: string): string {
    if (id === BUILTIN_GUIDE_ID) return this.options.builtinFile;
    const file = /^[a-z0-9][a-z0-9_-]{0,80}$/.test(id) ? path.join(this.options.dir, `${id}.md`) : "";
    if (!file || !fs.existsSync(file)) throw new ScriptoriumError("not_found", `No style guide "${id}" in the library.`, { guide: id });
    return file;
  }

  private meta(id: string): GuideMeta | null {
    try {
      return readJsonFileSync(path.join(this.options.dir, `${id}.json`), GuideMetaSchema);
    } catch {
      // No name file (or a broken one): the guide is listed under its id.
      return null;
    }
  }

  private summaryOf(id: string, file: string, meta: GuideMeta | null): GuideSummary | null {
    let text: string;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      return null;
    }
    let modules: GuideSummary["modules"] = [];
    try {
      modules = parseRuleMarkdown(text, path.basename(file)).map((m) => ({ key: m.id, name: m.name, rules: m.rules.length }));
    } catch {
      // Changed on disk into something invalid: listed with no modules (a run with it is refused).
    }
    return {
      id,
      name: meta?.name ?? titleOf(text) ?? id,
      builtin: id === BUILTIN_GUIDE_ID,
      hash: createHash("sha256").update(text).digest("hex"),
      modules,
      imported_at: meta?.importedAt ?? null,
    };
  }
}

/** `my Guide v2` → `my-guide-v2`; a name with no ASCII letters gets `guide-<hash>`. */
export function guideId(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  const id = slug && slug !== BUILTIN_GUIDE_ID ? slug : `guide-${createHash("sha256").update(name).digest("hex").slice(0, 10)}`;
  return /^[a-z0-9]/.test(id) ? id : `g${id}`;
}

function titleOf(markdown: string): string | null {
  return /^#\s+(.+?)\s*$/m.exec(markdown)?.[1] ?? null;
}

function readGuideText(file: string): string {
  // Up to 4 UTF-8 bytes a character.
  return readUserTextFile(file, { maxBytes: MAX_GUIDE_CHARS * 4, what: "Style guide" });
}
