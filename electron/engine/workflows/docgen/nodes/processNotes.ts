import fs from "node:fs";
import path from "node:path";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { ScriptoriumError } from "../../../../../shared/errors.js";
import { runStep, summaryOf } from "../../common/nodeRuntime.js";
import { CodeRoot } from "../code/CodeRoot.js";
import { CONTEXT_CHARS, cleanText } from "../docgenText.js";
import { extractLinks } from "../links/userLinks.js";
import type { DocgenState, DocgenUpdate } from "../state.js";

const MAX_NOTES = 60;
const PER_NOTE_CHARS = 4000;
const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/**
 * Notes mode: one `.md` file or a folder of them (read through the same confinement as the code
 * tools). Front matter becomes a metadata line and headings stay as they are, so the outline sees
 * the notes' own structure.
 */
export function processNotesNode() {
  return (state: DocgenState, config: LangGraphRunnableConfig): Promise<DocgenUpdate> =>
    runStep<DocgenUpdate>(config, { step: "process_notes", agent: "researcher", label: "读取笔记" }, async () => {
      const target = path.resolve(state.source_path);
      let stat: fs.Stats;
      try {
        stat = fs.statSync(target);
      } catch {
        throw new ScriptoriumError("bad_request", `Notes path ${state.source_path} does not exist.`, { path: state.source_path });
      }
      const root = await CodeRoot.open(stat.isDirectory() ? target : path.dirname(target));
      const files = stat.isDirectory()
        ? (await root.walkFiles(".", 2000)).map((f) => f.rel).filter((r) => /\.(?:md|markdown)$/i.test(r)).sort().slice(0, MAX_NOTES)
        : [path.basename(target)];
      if (!files.length) throw new ScriptoriumError("bad_request", `No .md notes under ${state.source_path}.`, { path: state.source_path });
      const parts: string[] = [];
      let read = 0;
      for (const rel of files) {
        const out = await root.readText(rel);
        if (!out.ok) {
          parts.push(`### 笔记 ${rel}\n（未读取：${out.refusal}）`);
          continue;
        }
        read++;
        parts.push(noteStructure(rel, out.text));
      }
      const context = cleanText([state.context ? `补充说明：${state.context}` : "", ...parts].filter(Boolean).join("\n\n")).slice(0, CONTEXT_CHARS);
      // Links written in the notes are the user's too (fetched or refused by fetch_links).
      const links = extractLinks([...state.user_links, ...parts].join("\n"));
      return { update: { context, user_links: links }, ...summaryOf("notes", { read, total: files.length }, `${read} of ${files.length} notes`) };
    });
}

/** One note as the prompt sees it: file name, front matter as one line, then the text with its headings (demoted below the document's own). */
export function noteStructure(rel: string, text: string): string {
  let body = text.replace(/\r\n?/g, "\n");
  let meta = "";
  const fm = FRONT_MATTER.exec(body);
  if (fm) {
    meta = fm[1]!
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => /^[\w-]+\s*:/.test(l))
      .join("；");
    body = body.slice(fm[0].length);
  }
  const demoted = body.replace(/^(#{1,4})\s/gm, (_m, h: string) => `${"#".repeat(Math.min(6, h.length + 2))} `);
  const clipped = demoted.length > PER_NOTE_CHARS ? `${demoted.slice(0, PER_NOTE_CHARS)}…` : demoted;
  return [`### 笔记 ${rel}`, meta ? `元数据：${meta}` : "", clipped.trim()].filter(Boolean).join("\n");
}
