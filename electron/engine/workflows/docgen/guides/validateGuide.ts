import { ScriptoriumError } from "../../../../../shared/errors.js";
import { parseGuide, type ParsedGuide } from "../rules/guideChunks.js";

/** Largest style guide accepted (characters). */
export const MAX_GUIDE_CHARS = 500_000;

const MODULE_HEADING = /^##\s+([A-Za-z][\w-]*)\s*[（(]\s*(.+?)\s*[）)]\s*$/;
const RULE_HEADING = /^###\s+\d+\.\d+\s+\S/;

/**
 * Parse a style guide and refuse one the review pipeline cannot use, naming the problem:
 * too large, binary, a `##` heading with numbered rules that is not `## key（名称）`, no module,
 * a module without rules, a module key or rule id used twice, a rule without its type line.
 * The module keys and names (the graph's review/revise nodes) are the guide's own headings.
 */
export async function validateGuide(markdown: string, name: string): Promise<ParsedGuide> {
  // A run's start checks its guide twice (checkStart, then the graph's module list): parse once.
  const key = `${name}\u0000${markdown}`;
  const known = validated.get(key);
  if (known) return known;
  const guide = await parseAndCheck(markdown, name);
  if (validated.size >= VALIDATED_MAX) validated.delete(validated.keys().next().value!);
  validated.set(key, guide);
  return guide;
}

/** Guides that passed, by name and text (callers only read them); a refused one is checked again each time. */
const VALIDATED_MAX = 16;
const validated = new Map<string, ParsedGuide>();

async function parseAndCheck(markdown: string, name: string): Promise<ParsedGuide> {
  if (markdown.length > MAX_GUIDE_CHARS) throw bad(name, `is ${markdown.length} characters; the limit is ${MAX_GUIDE_CHARS}`);
  if (markdown.includes("\u0000")) throw bad(name, "is not a text file (it contains NUL bytes)");
  const lines = markdown.split(/\r?\n/);
  let heading: { text: string; line: number; module: boolean } | undefined;
  let fence = false;
  lines.forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    if (fence) return;
    if (/^#{1,2}\s/.test(line)) heading = { text: line.trim(), line: i + 1, module: MODULE_HEADING.test(line) };
    else if (RULE_HEADING.test(line) && heading && !heading.module) {
      throw bad(name, `heading "${heading.text}" (line ${heading.line}) holds numbered rules but is not a module heading of the form "## key（名称）" (key: letters, digits, _ or -)`);
    }
  });
  let guide: ParsedGuide;
  try {
    guide = await parseGuide(markdown, name);
  } catch (error) {
    if (error instanceof ScriptoriumError) throw bad(name, error.message.replace(/\.$/, ""));
    throw error;
  }
  if (!guide.modules.length) throw bad(name, 'has no module: write "## key（名称）" headings with numbered "### 1.1 规则" rules under them');
  const keys = new Set<string>();
  const rules = new Map<string, string>();
  for (const m of guide.modules) {
    if (keys.has(m.id)) throw bad(name, `uses the module key "${m.id}" twice`);
    keys.add(m.id);
    if (!m.rules.length) throw bad(name, `module "${m.id}（${m.name}）" has no numbered "### n.n" rule`);
    for (const r of m.rules) {
      const other = rules.get(r.id);
      if (other) throw bad(name, `rule ${r.id} appears in both "${other}" and "${m.id}"`);
      rules.set(r.id, m.id);
    }
  }
  return guide;
}

function bad(name: string, problem: string): ScriptoriumError {
  return new ScriptoriumError("bad_request", `Style guide ${name} ${problem}.`, { guide: name });
}
