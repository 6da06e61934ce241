import { createHash } from "node:crypto";
import { splitText } from "../../../knowledge/ingest/splitText.js";
import { parseRuleMarkdown } from "./parseRuleMarkdown.js";
import type { RuleModule } from "./Rule.js";

/** Characters per rule chunk and overlap between neighbours (the brief's 500/50 recursive split). */
export const RULE_CHUNK_SIZE = 500;
export const RULE_CHUNK_OVERLAP = 50;

/** One retrievable piece of a style guide, prefixed with where it sits in the guide. */
export interface GuideChunk {
  /** `<guide>#<ruleId>#<n>`, stable while the guide is unchanged. */
  id: string;
  moduleKey: string;
  moduleName: string;
  ruleId: string;
  /** `【所属章节：排版与符号 > 2.1 中文与英文、数字之间加空格】` then the piece of the rule text. */
  text: string;
}

/** A parsed style guide: its modules (`##` headings), rules (`###`), chunks and content hash. */
export interface ParsedGuide {
  /** File name the guide was read from (or the import name). */
  name: string;
  /** sha256 of the markdown: the index is rebuilt when it changes. */
  hash: string;
  modules: RuleModule[];
  chunks: GuideChunk[];
}

/**
 * Split a guide by `##` module and `###` rule headings, then each rule's text by the 500/50 recursive
 * splitter; every chunk carries the `【所属章节：Module > Section】` prefix so retrieval and the reviewer
 * always know which module and rule a piece belongs to. Throws `bad_request` for a malformed rule.
 */
export async function parseGuide(markdown: string, name: string): Promise<ParsedGuide> {
  const modules = parseRuleMarkdown(markdown, name);
  const chunks: GuideChunk[] = [];
  for (const m of modules) {
    for (const r of m.rules) {
      const prefix = `【所属章节：${m.name} > ${r.id} ${r.title}】`;
      const pieces = await splitText(`${r.id} ${r.title}\n${r.body}`, { chunkSize: RULE_CHUNK_SIZE, chunkOverlap: RULE_CHUNK_OVERLAP });
      pieces.forEach((piece, n) => {
        chunks.push({ id: `${name}#${r.id}#${n}`, moduleKey: m.id, moduleName: m.name, ruleId: r.id, text: `${prefix}\n${piece.text}` });
      });
    }
  }
  return { name, hash: createHash("sha256").update(markdown).digest("hex"), modules, chunks };
}

/** The retrieval query for one module, exactly as the brief words it. */
export function moduleQuery(moduleName: string): string {
  return `这是关于【${moduleName}】模块的排版规范与审查规则`;
}
