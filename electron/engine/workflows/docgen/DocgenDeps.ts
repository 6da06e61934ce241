import fs from "node:fs";
import path from "node:path";
import { ScriptoriumError } from "../../../../shared/errors.js";
import type { Settings } from "../../../../shared/models.js";
import type { LlmClient } from "../../llm/LlmClient.js";
import { defaultAppRoot } from "../../defaultAppRoot.js";
import { parseGuide, type ParsedGuide } from "./rules/guideChunks.js";
import { parseRuleMarkdown } from "./rules/parseRuleMarkdown.js";
import type { RuleModule } from "./rules/Rule.js";
import { RuleIndex } from "./rules/RuleIndex.js";
import type { ResearchSearch, VersionStore, PlatformServices } from "../WorkflowDefinition.js";
import { GuideLibrary } from "./guides/GuideLibrary.js";
import { fetchLinkOverHttp, type LinkFetcher } from "./links/userLinks.js";
import { ReviewAhead } from "./review/ReviewAhead.js";

/** The built-in style guide's file name under the rules folder. */
export const DEFAULT_GUIDE = "DOC_GUIDELINES.md";

/**
 * What a caller may set besides the platform's services: the rules folder and a shared rule index.
 * The embedder is the platform's (the knowledge layer's, lazy: one model load); without it rule
 * retrieval is lexical.
 */
export interface DocgenDepsOptions {
  /** Folder holding DOC_GUIDELINES.md; default `<appRoot>/rules`. */
  rulesDir?: string;
  /** A shared RuleIndex (tests, the app); default one per graph under `<dataDir>/rules-index`. */
  ruleIndex?: RuleIndex;
  /** How an allowed user link is fetched; default the one HTTP client (tests wrap it to count requests). */
  fetchLink?: LinkFetcher;
}

/** A module's review and revise nodes: the doc generator's deps plus which module of the guide they handle. */
export type DocgenModuleDeps = DocgenDeps & { module: { id: string; name: string } };

/** Which guide a run reads: a path, a library id, or neither (the built-in guide). */
export interface GuideRef {
  rules_file?: string | undefined;
  guide?: string | undefined;
}

/** What the doc generator's nodes use. */
export interface DocgenDeps {
  llm: LlmClient;
  versions: VersionStore;
  settings: () => Settings;
  cacheDir(sessionId: string): string;
  rulesDir: string;
  /** The guide in a file, parsed and chunked (cached by content); `name` keys its rows in the rules index. */
  guide(file: string, name?: string): Promise<ParsedGuide>;
  /** The file and display name of a run's guide. */
  guideFile(ref: GuideRef): { file: string; name: string };
  /** The user's guides under `<dataDir>/guides` (null when the services carry no data dir). */
  library: GuideLibrary | null;
  /** The rule table, opened under the data dir on first use. */
  ruleIndex(sessionId: string): RuleIndex;
  /** Hosts of the endpoints the user configured: besides loopback, the only ones a user's link is fetched from. */
  intranetHosts(): Promise<string[]>;
  fetchLink: LinkFetcher;
  /** Module reviews of an unchanged draft run side by side (absent: one at a time, as the graph reaches them). */
  reviewAhead?: ReviewAhead;
  /** The platform's research search (library, bound folders, papers): a scoped run's sources. */
  search?: ResearchSearch;
}

export function docgenDeps(platform: PlatformServices, extras: DocgenDepsOptions = {}): DocgenDeps {
  const services = { ...platform, ...extras };
  const rulesDir = services.rulesDir ?? path.join(defaultAppRoot(), "rules");
  const guides = new Map<string, Promise<ParsedGuide>>();
  const library = services.dataDir ? guideLibrary(services.dataDir, rulesDir) : null;
  let index = services.ruleIndex;
  return {
    llm: services.llm,
    versions: services.versions,
    settings: services.settings,
    cacheDir: (id) => services.cacheDir(id),
    rulesDir,
    library,
    guide: async (file, name) => {
      const text = readGuideFile(file);
      const guideName = name || path.basename(file);
      const key = `${guideName}\u0000${text}`;
      let p = guides.get(key);
      if (!p) {
        p = parseGuide(text, guideName).then((g) => withBuiltinCheckers(g, rulesDir));
        guides.set(key, p);
        p.catch(() => guides.delete(key));
      }
      return p;
    },
    guideFile: (ref) => {
      if (ref.rules_file) return { file: ref.rules_file, name: path.basename(ref.rules_file) };
      if (ref.guide) {
        if (!library) throw new ScriptoriumError("unavailable", "The guide library needs the engine's data directory.");
        return { file: library.file(ref.guide), name: ref.guide };
      }
      return { file: path.join(rulesDir, DEFAULT_GUIDE), name: DEFAULT_GUIDE };
    },
    intranetHosts: async () => services.intranetHosts().catch(() => []),
    fetchLink: services.fetchLink ?? fetchLinkOverHttp,
    reviewAhead: new ReviewAhead(),
    ...(services.search ? { search: services.search } : {}),
    ruleIndex: (sessionId) => {
      // Beside the knowledge tables' folder: <dataDir>/rules-index (the cache dir is <dataDir>/cache/<session>).
      void sessionId;
      index ??= new RuleIndex({ dir: path.join(services.dataDir, "rules-index"), ...(services.embedder ? { embedder: services.embedder } : {}) });
      return index;
    },
  };
}

/**
 * The deterministic checkers are the built-in guide's, keyed by its rule numbers. In another guide
 * a mechanical rule keeps a checker only when it is that same rule (same id and title); any other
 * mechanical rule is left to the review model, so a guide that numbers differently never gets a
 * checker meant for another rule.
 */
function withBuiltinCheckers(guide: ParsedGuide, rulesDir: string): ParsedGuide {
  let builtin: Map<string, string>;
  try {
    builtin = new Map(builtinModules(rulesDir).flatMap((m) => m.rules.map((r) => [r.id, r.title] as const)));
  } catch {
    builtin = new Map();
  }
  const modules = guide.modules.map((m) => ({
    ...m,
    rules: m.rules.map((r) => (r.type === "mechanical" && builtin.get(r.id) !== r.title ? { ...r, type: "semantic" as const } : r)),
  }));
  return { ...guide, modules };
}

/** The guide a running session reviews with: its copy in the cache dir (sessions older than the copy: their rules_file or the built-in one). */
export function runGuide(deps: DocgenDeps, state: GuideRef & { guide_name?: string }): Promise<ParsedGuide> {
  return deps.guide(state.rules_file || deps.guideFile(state).file, state.guide_name || undefined);
}

/** The guide library of a data directory (the engine's `docgen.*Guide*` methods and the runs share the folder). */
export function guideLibrary(dataDir: string, rulesDir = path.join(defaultAppRoot(), "rules")): GuideLibrary {
  return new GuideLibrary({ dir: path.join(dataDir, "guides"), builtinFile: path.join(rulesDir, DEFAULT_GUIDE) });
}

/**
 * Read a guide file; `bad_request` naming it when it is missing or unreadable. A run reads its guide
 * about ten times (the start's checks, setup, every module review); the text is kept while the
 * file's size, mtime and inode stay the same, since a stat is far cheaper than decoding the text.
 */
export function readGuideFile(file: string): string {
  try {
    const stat = fs.statSync(file);
    const stamp = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    const known = guideTexts.get(file);
    if (known?.stamp === stamp) return known.text;
    const text = fs.readFileSync(file, "utf8");
    if (guideTexts.size >= GUIDE_TEXTS_MAX) guideTexts.delete(guideTexts.keys().next().value!);
    guideTexts.set(file, { stamp, text });
    return text;
  } catch (error) {
    guideTexts.delete(file);
    throw new ScriptoriumError("bad_request", `Style guide ${file} cannot be read.`, { path: file, cause: String(error) });
  }
}

const GUIDE_TEXTS_MAX = 64;
const guideTexts = new Map<string, { stamp: string; text: string }>();

/** Modules of a guide file, read synchronously (one review/revise node pair each). */
export function graphModules(file: string): RuleModule[] {
  const modules = parseRuleMarkdown(readGuideFile(file), path.basename(file));
  if (!modules.length) throw new ScriptoriumError("bad_request", `Style guide ${file} has no "## key（名称）" module headings.`);
  return modules;
}

/** Modules of the built-in guide. */
export function builtinModules(rulesDir = path.join(defaultAppRoot(), "rules")): RuleModule[] {
  return graphModules(path.join(rulesDir, DEFAULT_GUIDE));
}
