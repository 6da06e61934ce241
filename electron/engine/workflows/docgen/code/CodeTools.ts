import path from "node:path";
import type { CodeRoot } from "./CodeRoot.js";
import { fileOutline } from "./fileOutline.js";
import type { StepText } from "../../../../../shared/events.js";

export const CODE_TOOLS = ["list_dir", "search_keyword", "read_file", "get_file_outline"] as const;
export type CodeToolName = (typeof CODE_TOOLS)[number];

export interface CodeToolArgs {
  path?: string;
  query?: string;
  regex?: boolean;
  start_line?: number;
  end_line?: number;
}

/** What a tool call gives back: the text the agent reads next, and a one-line summary for the timeline. */
export interface ToolOutcome {
  ok: boolean;
  /** Shown to the agent; a refusal is a message, never an exception. */
  text: string;
  /** e.g. `12 hits in 4 files`, `lines 1–80 of 230`. */
  summary: string;
  /** The summary as a message the UI translates (`docgen.scanSummary.<key>`). */
  summaryText?: StepText;
}

/** Limits that keep one tool answer inside a small model's context. */
export const TOOL_LIMITS = {
  listEntries: 200,
  readLines: 200,
  readChars: 12_000,
  searchHits: 40,
  searchFiles: 3000,
  searchLineChars: 160,
  regexLineChars: 2000,
  outlineSymbols: 150,
} as const;

/**
 * The four tools of the code-scanning agent, all confined to one {@link CodeRoot}. Every failure
 * (bad arguments, a refused path, an invalid regex) comes back as `ok: false` with a message.
 */
export class CodeTools {
  constructor(readonly root: CodeRoot) {}

  async run(tool: string, args: CodeToolArgs = {}): Promise<ToolOutcome> {
    try {
      switch (tool) {
        case "list_dir":
          return await this.listDir(args.path ?? ".");
        case "search_keyword":
          return await this.searchKeyword(args.query ?? "", args.regex === true, args.path ?? ".");
        case "read_file":
          return await this.readFile(args.path ?? "", args.start_line, args.end_line);
        case "get_file_outline":
          return await this.outline(args.path ?? "");
        default:
          return fail(`未知工具 "${String(tool).slice(0, 40)}"；可用：${CODE_TOOLS.join(", ")}。`);
      }
    } catch (error) {
      // An unexpected fs error is reported to the agent like a refusal; the run goes on.
      return fail(`工具出错：${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async listDir(dir: string): Promise<ToolOutcome> {
    const listed = await this.root.children(dir || ".");
    if (!listed.ok) return fail(listed.refusal);
    const shown = listed.entries.slice(0, TOOL_LIMITS.listEntries);
    const lines = shown.map((e) => (e.dir ? `${e.rel}/` : `${e.rel} (${e.size} B)`));
    if (listed.entries.length > shown.length) lines.push(`… 另有 ${listed.entries.length - shown.length} 项未列出`);
    return { ok: true, text: lines.join("\n") || "（空目录）", summary: `${listed.entries.length} entries`, summaryText: { key: "entries", params: { n: listed.entries.length } } };
  }

  async searchKeyword(query: string, regex: boolean, under: string): Promise<ToolOutcome> {
    const q = query.trim();
    if (!q) return fail("search_keyword 需要非空的 query。");
    if (q.length > 200) return fail("query 过长（最多 200 个字符）。");
    let test: (line: string) => boolean;
    if (regex) {
      let re: RegExp;
      try {
        re = new RegExp(q, "i");
      } catch (error) {
        return fail(`无效的正则表达式：${error instanceof Error ? error.message : String(error)}`);
      }
      test = (line) => line.length <= TOOL_LIMITS.regexLineChars && re.test(line);
    } else {
      const needle = q.toLowerCase();
      test = (line) => line.toLowerCase().includes(needle);
    }
    const files = await this.root.walkFiles(under || ".", TOOL_LIMITS.searchFiles);
    const hits: string[] = [];
    const filesHit = new Set<string>();
    let total = 0;
    for (const f of files) {
      const read = await this.root.readText(f.rel);
      if (!read.ok) continue;
      const lines = read.text.split(/\r?\n/);
      for (let i = 0; i < lines.length; i++) {
        if (!test(lines[i]!)) continue;
        total++;
        filesHit.add(f.rel);
        if (hits.length < TOOL_LIMITS.searchHits) hits.push(`${f.rel}:${i + 1}: ${lines[i]!.trim().slice(0, TOOL_LIMITS.searchLineChars)}`);
      }
    }
    if (total > hits.length) hits.push(`… 共 ${total} 处，只列出前 ${hits.length} 处`);
    return { ok: true, text: hits.join("\n") || "（没有匹配）", summary: `${total} hits in ${filesHit.size} files`, summaryText: { key: "hits", params: { n: total, files: filesHit.size } } };
  }

  async readFile(file: string, startLine?: number, endLine?: number): Promise<ToolOutcome> {
    if (!file) return fail("read_file 需要 path。");
    const read = await this.root.readText(file);
    if (!read.ok) return fail(read.refusal);
    const lines = read.text.split(/\r?\n/);
    const start = clampInt(startLine, 1, Math.max(1, lines.length), 1);
    const wantedEnd = clampInt(endLine, start, Math.max(start, lines.length), start + TOOL_LIMITS.readLines - 1);
    const end = Math.min(wantedEnd, start + TOOL_LIMITS.readLines - 1, lines.length);
    const out: string[] = [];
    let chars = 0;
    let last = start - 1;
    for (let i = start; i <= end; i++) {
      const line = `${String(i).padStart(4, " ")}| ${lines[i - 1]}`;
      if (chars + line.length > TOOL_LIMITS.readChars) break;
      out.push(line);
      chars += line.length + 1;
      last = i;
    }
    if (last < lines.length) out.push(`…（文件共 ${lines.length} 行，可用 start_line=${last + 1} 继续读取）`);
    return { ok: true, text: out.join("\n"), summary: `${read.rel}:${start}–${last} of ${lines.length}`, summaryText: { key: "lines", params: { a: start, b: last, n: lines.length } } };
  }

  async outline(file: string): Promise<ToolOutcome> {
    if (!file) return fail("get_file_outline 需要 path。");
    const read = await this.root.readText(file);
    if (!read.ok) return fail(read.refusal);
    const { parser, symbols } = await fileOutline(path.basename(read.rel), read.text);
    const shown = symbols.slice(0, TOOL_LIMITS.outlineSymbols);
    const lines = shown.map((s) => `${"  ".repeat(s.depth)}${s.kind} ${s.name} [${s.startLine}-${s.endLine}]${s.exported && s.depth === 0 ? " exported" : ""}`);
    if (symbols.length > shown.length) lines.push(`… 另有 ${symbols.length - shown.length} 个符号`);
    return { ok: true, text: `（${parser}）\n${lines.join("\n") || "（未找到符号）"}`, summary: `${symbols.length} symbols (${parser})`, summaryText: { key: "symbols", params: { n: symbols.length, parser } } };
  }
}

function fail(text: string): ToolOutcome {
  return { ok: false, text, summary: "refused", summaryText: { key: "refused" } };
}

function clampInt(value: unknown, min: number, max: number, fallback: number): number {
  const n = typeof value === "number" && Number.isFinite(value) ? Math.trunc(value) : fallback;
  return Math.min(max, Math.max(min, n));
}
