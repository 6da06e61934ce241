import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { ScriptoriumError } from "../../../../../shared/errors.js";
import type { DocOutline } from "../../../../../shared/workflows/docgen.js";
import { boundedSettled } from "../../common/boundedSettled.js";
import { demoteHeadings } from "../../common/demoteHeadings.js";
import { draftSection } from "../../common/draftSection.js";
import { emit, runStep, sessionIdOf, summaryOf } from "../../common/nodeRuntime.js";
import { readCachedSection, sectionKey, writeCachedOutline } from "../../common/sectionCache.js";
import { storeDraftVersion } from "../../common/storeDraftVersion.js";
import { withNumberedReferences } from "../../common/numberedReferences.js";
import { writeWip } from "../cacheFiles.js";
import type { DocgenDeps } from "../DocgenDeps.js";
import { clipForPrompt, failedSectionText } from "../docgenText.js";
import { renderPrompt } from "../../common/definePrompt.js";
import { SECTION_PROMPT, localDate } from "../prompts.js";
import { sectionBudget } from "../materialBudget.js";
import type { DocgenState, DocgenUpdate } from "../state.js";
import { sanitizeDocOutline } from "./generateDraft.js";

/** Workers for n sections: max(1, ceil(n / 3)), never more than the LLM's parallel sequences. */
export function sectionWorkers(sections: number, poolSize: number): number {
  return Math.max(1, Math.min(Math.ceil(sections / 3), Math.max(1, poolSize)));
}

/** What a section's cache key is made of: a change to any of these rewrites the section. */
export function sectionKeyInputs(state: Pick<DocgenState, "topic" | "context">, outline: DocOutline, index: number, attempt = 0) {
  return { topic: state.topic, context: state.context, title: outline.title, sections: outline.sections, index, attempt };
}

/**
 * All sections, concurrently; each is cached as `section_<i>.md` as it finishes and streamed as
 * `draft_chunk`. A failed section becomes `## title` + `【章节 i 生成失败: reason】` and the others complete.
 * Then the draft is assembled, stored as the first version and written as draft_wip.md.
 */
export function writeSectionsNode(deps: DocgenDeps) {
  return (state: DocgenState, config: LangGraphRunnableConfig): Promise<DocgenUpdate> =>
    runStep<DocgenUpdate>(config, { step: "write_sections", agent: "writer", label: "撰写章节" }, async () => {
      let outline = state.outline!;
      // An outline edited at the confirm pause replaces the generated one (and its cache).
      const edited = state.resume?.pause === "outline_confirm" ? (state.resume.payload.edited_outline as DocOutline | undefined) : undefined;
      if (edited) {
        outline = sanitizeDocOutline(edited, state.topic, state.locale);
        await writeCachedOutline(state.cache_dir, outline);
        // Clients show the outline being written, not the one the user changed.
        emit(config, { type: "doc_outline_ready", outline, cached: false });
      }
      const n = outline.sections.length;
      const workers = sectionWorkers(n, deps.settings().sequences ?? 1);
      let done = 0;
      const texts = await boundedSettled(
        outline.sections.map((_, i) => i),
        workers,
        async (i) => {
          const text = await writeOneSection(deps, state, outline, i, 0, config);
          done++;
          emit(config, { type: "progress", task: "sections", done, total: n, message: `${done}/${n}` });
          return text;
        },
        config.signal,
      );
      const failed = texts.flatMap((t, i) => (t.failed ? [i] : []));
      const sections = texts.map((t) => t.text);
      const stored = assembleAndStore(deps, state, outline, sections, config, "initial");
      const update: DocgenUpdate = { outline, sections, failed_sections: failed, resume: null, ...stored };
      await writeWip(state.cache_dir, stored.current_draft, { current_review_index: 0, iteration_counts: {}, module_reports: state.module_reports });
      return {
        update,
        ...summaryOf(failed.length ? "sectionsFailed" : "sections", { ok: n - failed.length, n, workers, failed: failed.length }, `${n - failed.length}/${n} sections with ${workers} workers${failed.length ? `, ${failed.length} failed` : ""}`),
      };
    });
}

/** Rewrite one failed section (from the sections_failed pause), bypassing its cache entry. */
export function regenerateSectionNode(deps: DocgenDeps) {
  return (state: DocgenState, config: LangGraphRunnableConfig): Promise<DocgenUpdate> =>
    runStep<DocgenUpdate>(config, { step: "regenerate_section", agent: "writer", label: "重写章节" }, async () => {
      const index = Number(state.resume?.payload.index ?? -1);
      const outline = state.outline!;
      if (!(index >= 0 && index < outline.sections.length)) return { update: { resume: null }, ...summaryOf("nothingToDo", {}, "nothing to do") };
      const attempt = Date.now();
      const result = await writeOneSection(deps, state, outline, index, attempt, config);
      const sections = [...state.sections];
      sections[index] = result.text;
      const failed = result.failed ? [...new Set([...state.failed_sections, index])] : state.failed_sections.filter((i) => i !== index);
      const stored = assembleAndStore(deps, state, outline, sections, config, "regenerate");
      const update: DocgenUpdate = { sections, failed_sections: failed, resume: null, ...stored };
      await writeWip(state.cache_dir, stored.current_draft, { current_review_index: 0, iteration_counts: {}, module_reports: state.module_reports });
      return { update, ...summaryOf(result.failed ? "sectionFailedAgain" : "sectionRewritten", { n: index + 1 }, result.failed ? `section ${index + 1} failed again` : `section ${index + 1} rewritten`) };
    });
}

/** One section, streamed and cached (attempt > 0 bypasses the cache entry); a failure is its placeholder text, never a throw. */
export async function writeOneSection(
  deps: DocgenDeps,
  state: DocgenState,
  outline: DocOutline,
  i: number,
  attempt: number,
  config: LangGraphRunnableConfig,
  notes = "",
): Promise<{ text: string; failed: boolean }> {
  const n = outline.sections.length;
  const keyInputs = sectionKeyInputs(state, outline, i, attempt);
  const cached = (await readCachedSection(state.cache_dir, i, sectionKey(keyInputs))) !== null;
  // The section's length follows its share of the material; its budget is what that length needs.
  const budget = sectionBudget(state.context, n, state.locale);
  try {
    const text = await draftSection(
      deps.llm,
      {
        index: i,
        cacheDir: state.cache_dir,
        keyInputs: notes ? { ...keyInputs, notes } : keyInputs,
        prompt: sectionPrompt(state, outline, i, notes, budget),
        maxTokens: budget.maxTokens,
        targetWords: budget.words,
        tag: { role: "writer", step: "section" },
        finish: (raw) => finishSection(raw, outline.sections[i]!.title),
      },
      config,
    );
    emit(config, { type: "section_done", index: i, total: n, ok: true, cached });
    return { text, failed: false };
  } catch (error) {
    if (config.signal?.aborted || (error instanceof ScriptoriumError && error.code === "aborted")) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    emit(config, { type: "section_done", index: i, total: n, ok: false, error: reason.slice(0, 300), cached: false });
    // Not cached: a resumed run tries this section again. Under its own heading, so the finished
    // document still has one `## ` section per outline entry (docgen.regenerateSection finds it).
    return { text: `## ${outline.sections[i]!.title}\n\n${failedSectionText(i, reason)}`, failed: true };
  }
}

/** A section as the document holds it: its `## title` first, no `#` title of its own, no trailing blanks. */
export function finishSection(raw: string, title: string): string {
  let text = raw.replace(/\r\n?/g, "\n").replace(/[ \t]+$/gm, "").replace(/\n{3,}/g, "\n\n").trim();
  // The section's own `##` heading is the model's first line (else the outline's title); any other
  // `#` / `##` line would read as a new section of the document.
  const [first = "", ...rest] = text.split("\n");
  if (/^##\s/.test(first)) return [first, demoteHeadings(rest.join("\n"))].join("\n");
  return `## ${title}\n\n${demoteHeadings(text)}`;
}

function assembleAndStore(deps: DocgenDeps, state: DocgenState, outline: DocOutline, sections: string[], config: LangGraphRunnableConfig, reason: "initial" | "regenerate"): { current_draft: string; draft_version: number } {
  // A scoped run's citations become GB/T 7714 numbers with the reference list after the last section.
  const markdown = withNumberedReferences(`# ${outline.title}\n\n${sections.join("\n\n")}\n`, state.materials ?? [], state.locale);
  const version = storeDraftVersion(
    deps.versions,
    sessionIdOf(config),
    { markdown, reason, after: state.draft_version, title: outline.title, revisionCount: 0 },
    config,
  );
  return { current_draft: markdown, draft_version: version.number };
}

/** The prompt of section `index`: the whole outline for context, this section's title and scope, the user's notes. */
function sectionPrompt(
  state: Pick<DocgenState, "topic" | "context" | "locale">,
  outline: DocOutline,
  index: number,
  notes: string,
  budget: { words: number; minWords: number },
) {
  const zh = state.locale === "zh";
  const section = outline.sections[index]!;
  return renderPrompt(SECTION_PROMPT, state.locale, {
    title: outline.title,
    topic: state.topic,
    date: localDate(),
    sections: outline.sections.map((x, i) => `${i + 1}. ${x.title}`).join(zh ? "；" : "; "),
    context: clipForPrompt(state.context) || (zh ? "（无）" : "(none)"),
    number: index + 1,
    sectionTitle: section.title,
    scope: section.scope,
    minWords: budget.minWords,
    maxWords: budget.words,
    notes: notes.trim() ? (zh ? `\n\n用户对本章的要求：${notes.trim()}` : `\n\nThe user asks of this section: ${notes.trim()}`) : "",
  });
}
