import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { ScriptoriumError } from "../../../shared/errors.js";
import { lexicalRuleScores } from "./lexicalRuleScores.js";
import { mergeModules, parseRuleMarkdown, ruleChunksForIndex } from "./parseRuleMarkdown.js";
import type { Rule, RuleChunk, RuleModule } from "./Rule.js";
import type { RuleSearch } from "./RuleSearch.js";

export interface RuleRepositoryOptions {
  /** Folder holding the style guides (`rules/*.md`). */
  dir: string;
  /** Hybrid search over the `rules` collection; without it (or when it fails) the lexical fallback is used. */
  search?: RuleSearch;
}

/** How many rules relevantRules falls back to when nothing matches the draft. */
const FALLBACK_COUNT = 3;

/**
 * The style guides under rules/, parsed into modules and numbered rules. Loads lazily on first use;
 * call reload() after the markdown changes.
 */
export class RuleRepository {
  private loading: Promise<RuleModule[]> | undefined;
  private search: RuleSearch | undefined;

  constructor(private readonly options: RuleRepositoryOptions) {
    this.search = options.search;
  }

  /** Attach the knowledge layer's search once it is ready (it is built after the repository). */
  setSearch(search: RuleSearch | undefined): void {
    this.search = search;
  }

  /** All modules in file order, each with its rules. */
  async listModules(): Promise<RuleModule[]> {
    return this.modules();
  }

  /** The rules of one module, exactly as written. Throws `not_found` for an unknown module id. */
  async getModuleRules(moduleId: string): Promise<Rule[]> {
    const module = (await this.modules()).find((m) => m.id === moduleId);
    if (!module) throw new ScriptoriumError("not_found", `No rule module "${moduleId}".`, { moduleId });
    return module.rules;
  }

  /**
   * The k rules of a module most relevant to a draft: injected hybrid search first, then character-bigram
   * overlap, and the module's first three rules when nothing matches.
   */
  async relevantRules(moduleId: string, draft: string, k = 5): Promise<Rule[]> {
    const rules = await this.getModuleRules(moduleId);
    const byId = new Map(rules.map((r) => [r.id, r]));
    const pick = (hits: Array<{ ruleId: string }>): Rule[] => {
      const seen = new Set<string>();
      const out: Rule[] = [];
      for (const h of hits) {
        const rule = byId.get(h.ruleId);
        if (rule && !seen.has(rule.id)) {
          seen.add(rule.id);
          out.push(rule);
        }
      }
      return out.slice(0, k);
    };
    if (this.search && draft.trim()) {
      try {
        const hits = await this.search.search(draft, { moduleId, limit: k });
        const picked = pick([...hits].sort((a, b) => b.score - a.score));
        if (picked.length) return picked;
      } catch {
        // The index may be missing or rebuilding; the lexical fallback keeps reviews working offline.
      }
    }
    const lexical = pick(lexicalRuleScores(draft, rules));
    return lexical.length ? lexical : rules.slice(0, Math.min(k, FALLBACK_COUNT));
  }

  /** Chunk texts for the `rules` knowledge collection. */
  async ruleChunksForIndex(): Promise<RuleChunk[]> {
    return ruleChunksForIndex(await this.modules());
  }

  /** Re-read rules/*.md (after an edit). */
  async reload(): Promise<RuleModule[]> {
    this.loading = undefined;
    return this.modules();
  }

  private modules(): Promise<RuleModule[]> {
    this.loading ??= this.load().catch((error: unknown) => {
      this.loading = undefined; // a failed load is retried on the next call
      throw error;
    });
    return this.loading;
  }

  private async load(): Promise<RuleModule[]> {
    let names: string[];
    try {
      names = (await readdir(this.options.dir)).filter((n) => n.endsWith(".md")).sort();
    } catch (error) {
      throw new ScriptoriumError("not_found", `Rules folder ${this.options.dir} cannot be read.`, { cause: String(error) });
    }
    const parts = await Promise.all(names.map(async (n) => parseRuleMarkdown(await readFile(path.join(this.options.dir, n), "utf8"), n)));
    return mergeModules(parts);
  }
}
