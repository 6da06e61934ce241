import fs from "node:fs";
import path from "node:path";
import { ScriptoriumError } from "../../../../shared/errors.js";
import type { Settings } from "../../../../shared/models.js";
import type { LlmClient } from "../../llm/LlmClient.js";
import { defaultAppRoot } from "../../defaultAppRoot.js";
import { parseGuide, type ParsedGuide } from "../../rules/guideChunks.js";
import { parseRuleMarkdown } from "../../rules/parseRuleMarkdown.js";
import type { RuleModule } from "../../rules/Rule.js";
import { RuleIndex } from "../../rules/RuleIndex.js";
import type { VersionStore, WorkflowServices } from "../WorkflowDefinition.js";

/** The built-in style guide's file name under the rules folder. */
export const DEFAULT_GUIDE = "DOC_GUIDELINES.md";

/**
 * Optional services the doc generator uses when the engine provides them (read structurally, so the
 * platform's WorkflowServices needs no docgen-specific field): the rules folder and where the
 * `rules` table lives. The embedder is the platform's `services.embedder` (the knowledge layer's,
 * lazy: one model load); without it rule retrieval is lexical.
 */
export interface DocgenServiceExtras {
  /** Folder holding DOC_GUIDELINES.md; default `<appRoot>/rules`. */
  rulesDir?: string;
  /** A shared RuleIndex (tests, the app); default one per graph under `<dataDir>/rules-index`. */
  ruleIndex?: RuleIndex;
}

/** What the doc generator's nodes use. */
export interface DocgenDeps {
  llm: LlmClient;
  versions: VersionStore;
  settings: () => Settings;
  cacheDir(sessionId: string): string;
  rulesDir: string;
  /** The guide of a run: `rules_file` or the built-in one, parsed and chunked (cached by content). */
  guide(rulesFile: string): Promise<ParsedGuide>;
  /** The rule table, opened under the data dir on first use. */
  ruleIndex(sessionId: string): RuleIndex;
}

export function docgenDeps(services: WorkflowServices & DocgenServiceExtras): DocgenDeps {
  const rulesDir = services.rulesDir ?? path.join(defaultAppRoot(), "rules");
  const guides = new Map<string, Promise<ParsedGuide>>();
  let index = services.ruleIndex;
  return {
    llm: services.llm,
    versions: services.versions,
    settings: services.settings,
    cacheDir: (id) => services.cacheDir(id),
    rulesDir,
    guide: async (rulesFile) => {
      const file = rulesFile || path.join(rulesDir, DEFAULT_GUIDE);
      const text = readGuideFile(file);
      const key = `${file}\u0000${text}`;
      let p = guides.get(key);
      if (!p) {
        p = parseGuide(text, path.basename(file));
        guides.set(key, p);
        p.catch(() => guides.delete(key));
      }
      return p;
    },
    ruleIndex: (sessionId) => {
      // The cache dir is <dataDir>/cache/<session>; the table sits beside the knowledge tables' folder.
      index ??= new RuleIndex({ dir: path.join(path.dirname(path.dirname(services.cacheDir(sessionId))), "rules-index"), ...(services.embedder ? { embedder: services.embedder } : {}) });
      return index;
    },
  };
}

/** Read a guide file; `bad_request` naming it when it is missing or unreadable. */
export function readGuideFile(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new ScriptoriumError("bad_request", `Style guide ${file} cannot be read.`, { path: file, cause: String(error) });
  }
}

/** Modules of the built-in guide, read synchronously when the graph is built (one node pair each). */
export function graphModules(rulesDir: string): RuleModule[] {
  const file = path.join(rulesDir, DEFAULT_GUIDE);
  const modules = parseRuleMarkdown(readGuideFile(file), DEFAULT_GUIDE);
  if (!modules.length) throw new ScriptoriumError("bad_request", `Style guide ${file} has no "## key（名称）" module headings.`);
  return modules;
}
