import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { lintMarkdown } from "../../electron/engine/rules/index.js";

/**
 * Scores the checker on the public typography cases following ../shared/eval/typography/README.md, under
 * the default conventions of rules/DOC_GUIDELINES.md (space between number and unit, fullwidth （）,
 * curly “” quotes, space around inline code, CJK–digit space required). Cases whose label depends on a
 * convention we did not choose are dropped and listed below.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const sharedDir = path.resolve(repoRoot, "../shared/eval/typography");
const evalDir = existsSync(path.join(sharedDir, "guide_examples.jsonl")) ? sharedDir : path.join(repoRoot, "tests/fixtures/typography");
const MIN_PRECISION = 0.9;

const TYPOGRAPHY_RULES = ["2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "2.7", "2.8", "2.9", "2.10", "2.11", "2.12"];

/** textlint rule → our rule ids (README step 2: restrict the checker to the rule under test). */
const TEXTLINT_RULES: Record<string, string[]> = {
  "textlint-rule-zh-correctly-ordered-pairs": ["2.11"],
  "textlint-rule-zh-double-zh-ellipsis": ["2.7"],
  "textlint-rule-zh-no-redundant-punctuation": ["2.4"],
  "textlint-rule-zh-no-redundant-space-around-token": ["2.2"],
  "textlint-rule-zh-no-space-around-zh-punct": ["2.2"],
  "textlint-rule-zh-no-space-between-num-and-unit-symbol": ["2.8"],
  "textlint-rule-zh-space-around-inline-code": ["2.9"],
  "textlint-rule-zh-space-between-zh-and-en-or-num": ["2.1"],
};

/** zhlint cases whose expected output encodes a zhlint convention we did not choose (by test name + input prefix). */
const ZHLINT_DROPPED: Array<[string, string, string]> = [
  ["#35 parse error", "中文 x‘x’x", "spaces outside ‘’ (zhlint adjustedFullwidthPunctuation)"],
  ["#126 (1)", "使用 `||`", "ASCII quotes around pure English content become ‘’"],
  ["#140 (1)", "## 什么是 Vue？", "contradicts the skipped 'spaces around {}' test on the same input; anchors are masked"],
  ["#67 spaces around ()", "key（", "zhlint converts （）→ () ; we keep fullwidth"],
  ["#71 spaces around [``] and （）", "应用级的", "zhlint converts （）→ ()"],
  ["#69 spaces around () and “”", "将静态的", "halfwidth () around English kept by zhlint; fullwidth convention flags it"],
  ["[md] space between punctuation and hyper content", "对于布尔特性", "halfwidth () around Chinese kept by zhlint"],
  ["[md] opposite side of hyper mark and bracket mark", "注意 **", "halfwidth () around Chinese kept by zhlint"],
  ["[md] space before link", "", "space between Chinese and link text is disputed (sparanoid 争议)"],
];

/** guide_examples rows dropped: labels that depend on a convention we did not choose, or not typography. */
function guideDropReason(row: GuideRow): string | undefined {
  if (row.label.includes("disputed")) return "disputed section (README step 6)";
  if (row.label === "invalid(soft)") return "soft label (README step 6)";
  if (["句子", "写作风格", "文件名"].includes(row.section)) return "not character-level typography";
  if (row.section === "数字与单位之间无需增加空格" && /Gbps|TB/.test(row.text)) return "mzlogin: no number–unit space (we chose a space)";
  if (row.text.includes("「") && row.source.includes("chinese-copywriting-guidelines")) return "corner quotes 「」 (we chose “”)";
  if (row.section === "字间距" && /\d年|是6\.5%/.test(row.text)) return "ruanyf: CJK–digit space optional (we require it)";
  if (row.text.includes("-20 °C")) return "ruanyf: space before °C (we chose none)";
  return undefined;
}

interface GuideRow { source: string; section: string; label: string; text: string }
interface TextlintRow { rule: string; ext: string; text: string; label: string }
interface ZhlintRow { source: string; test: string; skipped: boolean; input: string; changed: boolean }

const readJsonl = <T>(name: string): T[] =>
  readFileSync(path.join(evalDir, name), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as T);

interface Scored { id: string; gold: boolean; flagged: boolean; group: string; detail: string }
interface Score { tp: number; fp: number; fn: number; tn: number; precision: number; recall: number }

function score(cases: Scored[]): Score {
  const tp = cases.filter((c) => c.gold && c.flagged).length;
  const fp = cases.filter((c) => !c.gold && c.flagged).length;
  const fn = cases.filter((c) => c.gold && !c.flagged).length;
  const tn = cases.filter((c) => !c.gold && !c.flagged).length;
  return { tp, fp, fn, tn, precision: tp + fp ? tp / (tp + fp) : 1, recall: tp + fn ? tp / (tp + fn) : 1 };
}

const fmt = (n: number) => n.toFixed(2);

function report(name: string, cases: Scored[], dropped: string[]): Score {
  const s = score(cases);
  const groups = [...new Set(cases.map((c) => c.group))];
  const rows = groups.map((g) => {
    const gs = score(cases.filter((c) => c.group === g));
    return `  ${g.padEnd(52)} n=${String(gs.tp + gs.fp + gs.fn + gs.tn).padStart(3)}  P ${fmt(gs.precision)}  R ${fmt(gs.recall)}`;
  });
  const fps = cases.filter((c) => !c.gold && c.flagged).map((c) => `  FP ${c.id}: ${c.detail}`);
  const fns = cases.filter((c) => c.gold && !c.flagged).map((c) => `  FN ${c.id}`);
  console.log(
    [
      `== ${name}: n=${cases.length}  TP ${s.tp} FP ${s.fp} FN ${s.fn} TN ${s.tn}  precision ${fmt(s.precision)}  recall ${fmt(s.recall)}  FP rate ${fmt(s.fp / Math.max(1, s.fp + s.tn))}`,
      ...rows,
      ...fps,
      ...fns,
      `  dropped ${dropped.length}:`,
      ...dropped.map((d) => `    - ${d}`),
    ].join("\n"),
  );
  return s;
}

const summarise = (text: string, rules?: string[]) =>
  lintMarkdown(text, undefined, rules ? { rules } : { rules: TYPOGRAPHY_RULES.concat(["5.1", "5.2"]) }).violations;

describe("typography evaluation (public cases, README protocol)", () => {
  it("textlint-zh fixtures: precision ≥ 0.9", () => {
    const rows = readJsonl<TextlintRow>("textlint_zh_cases.jsonl");
    const cases = rows.map((row, i): Scored => {
      const v = summarise(row.text, TEXTLINT_RULES[row.rule]);
      return { id: `#${i} ${JSON.stringify(row.text)}`, gold: row.label === "invalid", flagged: v.length > 0, group: row.rule.replace("textlint-rule-", ""), detail: v.map((x) => `${x.rule} ${x.message}`).join("; ") };
    });
    const s = report("textlint_zh_cases.jsonl", cases, []);
    expect(cases).toHaveLength(92);
    expect(s.precision).toBeGreaterThanOrEqual(MIN_PRECISION);
  });

  it("zhlint default-preset cases: precision ≥ 0.9, must-not-change cases stay clean", () => {
    const rows = readJsonl<ZhlintRow>("zhlint_default_preset_cases.jsonl");
    const dropped: string[] = [];
    const cases: Scored[] = [];
    const skipped: string[] = [];
    for (const row of rows) {
      const drop = ZHLINT_DROPPED.find(([test, prefix]) => row.test === test && row.input.startsWith(prefix));
      if (drop && !row.skipped) {
        dropped.push(`${row.test}: ${drop[2]}`);
        continue;
      }
      const v = summarise(row.input);
      const scored = { id: `${row.test} ${JSON.stringify(row.input.slice(0, 40))}`, gold: row.changed, flagged: v.length > 0, group: row.source.split(":").pop() ?? "", detail: v.map((x) => `${x.rule}@${x.line}:${x.column} ${x.message}`).join("; ") };
      if (row.skipped) skipped.push(`${scored.id} gold=${row.changed} flagged=${scored.flagged}`);
      else cases.push(scored);
    }
    const s = report("zhlint_default_preset_cases.jsonl", cases, dropped);
    console.log(`  upstream test.todo (reported separately, not scored):\n${skipped.map((x) => `    ${x}`).join("\n")}`);
    expect(cases.length + dropped.length + skipped.length).toBe(59);
    expect(s.precision).toBeGreaterThanOrEqual(MIN_PRECISION);
  });

  it("guide examples: precision ≥ 0.9 (not de-duplicated)", () => {
    const rows = readJsonl<GuideRow>("guide_examples.jsonl");
    const dropped: string[] = [];
    const cases: Scored[] = [];
    for (const row of rows) {
      const reason = guideDropReason(row);
      if (reason) {
        dropped.push(`${row.source.split("@")[0]} ${row.section} ${row.label} ${JSON.stringify(row.text)}: ${reason}`);
        continue;
      }
      const v = summarise(row.text);
      cases.push({ id: `${row.source.split("@")[0]} ${JSON.stringify(row.text)}`, gold: row.label === "invalid", flagged: v.length > 0, group: row.section, detail: v.map((x) => `${x.rule} ${x.message}`).join("; ") });
    }
    const s = report("guide_examples.jsonl", cases, dropped);
    expect(cases.length + dropped.length).toBe(158);
    expect(s.precision).toBeGreaterThanOrEqual(MIN_PRECISION);
  });
});
