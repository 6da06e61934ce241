import fs from "node:fs/promises";
import { briefDraft } from "../briefDraft.js";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { reviewIssues } from "../../../../../shared/workflows/article.js";
import type { Outline } from "../../../../../shared/workflows/article.js";
import type { DraftVersion } from "../../../../../shared/documents.js";
import { ScriptoriumError } from "../../../../../shared/errors.js";
import type { ArticleDeps } from "../ArticleDeps.js";
import { assembleDraft } from "../draftMarkdown.js";
import { wordCount } from "../../../../../shared/text/countText.js";
import { materialDigest } from "../research/materialPackage.js";
import { emit, labelFrom, runStep, sessionIdOf, summaryFrom, withNotes } from "../../common/nodeRuntime.js";
import { ungroundedSentences } from "../groundCitations.js";
import { stepLines, summaryLines } from "../stepLines.js";
import { localeOf } from "../localeOf.js";
import { planRevision, splitNotes } from "../revisionTargets.js";
import { sanitizeOutline } from "../sanitizeOutline.js";
import type { ArticleUpdate, ArticleState, DraftSection } from "../state.js";
import { storeDraftVersion } from "../../common/storeDraftVersion.js";
import { writeSection } from "../writeSection.js";
import { boundedSettled } from "../../common/boundedSettled.js";

/** What this run of the writer does, read from the last resume. */
type DraftTask =
  | { kind: "initial"; outline: Outline; edited: boolean }
  | {
      kind: "revise";
      reason: Extract<DraftVersion["reason"], "editor" | "user" | "regenerate">;
      items: string[];
      countsAsRound: boolean;
      /** Set when the user chose the section (regenerate_section): only it is rewritten. */
      only?: number;
    };

function taskOf(state: ArticleState, approved: string[]): DraftTask {
  const resume = state.resume;
  if (!state.outline) throw new ScriptoriumError("internal", "writer_draft ran without an outline");
  if (resume?.pause === "outline_confirm") {
    const edited = resume.payload.edited_outline;
    return { kind: "initial", outline: edited ? sanitizeOutline(edited, approved, state.outline.title) : state.outline, edited: Boolean(edited) };
  }
  if (resume?.pause === "draft_confirm" && resume.payload.action === "regenerate_section") {
    const notes = resume.payload.notes?.trim();
    return { kind: "revise", reason: "regenerate", items: notes ? splitNotes(notes) : [], countsAsRound: false, only: resume.payload.section_index ?? 0 };
  }
  if (resume?.pause === "draft_confirm" && resume.payload.action === "user_revise") {
    return { kind: "revise", reason: "user", items: splitNotes(resume.payload.user_revision_notes ?? ""), countsAsRound: false };
  }
  if (resume?.pause === "review_confirm" && resume.payload.action === "custom_revise") {
    return { kind: "revise", reason: "user", items: splitNotes(resume.payload.user_revision_notes ?? ""), countsAsRound: true };
  }
  if (resume?.pause === "review_confirm" && resume.payload.action === "accept_review" && state.review) {
    // Only the issues the writer accepted (all when the payload names none).
    const accepted = resume.payload.accepted_issues ? new Set(resume.payload.accepted_issues) : null;
    const items = reviewIssues(state.review)
      .filter((_, index) => !accepted || accepted.has(index))
      .map((i) => `${i.location}: ${i.issue} → ${i.suggestion}`);
    return { kind: "revise", reason: "editor", items, countsAsRound: true };
  }
  throw new ScriptoriumError("internal", `writer_draft has nothing to do after ${resume?.pause ?? "no pause"}/${resume?.payload.action ?? "-"}`);
}

/** The outline section a draft section was written from: same title, else same position. */
function outlineSectionFor(outline: Outline, title: string, index: number) {
  return outline.sections.find((s) => s.section_title === title) ?? outline.sections[index] ?? { section_title: title, key_points: [], material_ids: [] };
}

/**
 * writer_draft (作家, phase 2): one streamed call per section, all sections concurrently (the LLM
 * pool batches them). A revision rewrites only the sections the editor's issues or the user's notes
 * name (see planRevision; nothing named → all) and keeps the others verbatim. Finished sections are
 * cached on disk, so a crash mid-draft resumes without redoing them. The result is a new version.
 */
export function writerDraftNode(deps: ArticleDeps) {
  return async (state: ArticleState, config: LangGraphRunnableConfig): Promise<ArticleUpdate> => {
    const sessionId = sessionIdOf(config);
    const locale = localeOf(state);
    const approved = state.approved_material_ids ?? [];
    const task = taskOf(state, approved);
    const outline = task.kind === "initial" ? task.outline : (state.outline as Outline);
    // The outline the user confirmed (renamed, sections added) is the one written from: the timeline shows it, not the model's.
    if (task.kind === "initial" && task.edited) emit(config, { type: "outline_confirmed", outline });
    const cacheDir = deps.cacheDir(sessionId);
    await fs.mkdir(cacheDir, { recursive: true });
    const byId = new Map(state.materials.filter((m) => approved.includes(m.id)).map((m) => [m.id, m]));
    const current: DraftSection[] = task.kind === "initial" ? outline.sections.map((s) => ({ title: s.section_title, body: "" })) : state.draft_sections;
    const title = task.kind === "initial" ? outline.title : state.draft_title || outline.title;
    const words = state.parsed_intent?.word_count_target ?? 1200;
    const length = Math.max(80, Math.round(words / Math.max(1, current.length)));
    const plan =
      task.kind === "initial"
        ? null
        : task.only !== undefined
          ? {
              targets: [Math.min(task.only, current.length - 1)],
              notes: new Map([[Math.min(task.only, current.length - 1), task.items]]),
              matchedNothing: false,
            }
          : planRevision(
              current.map((s) => s.title),
              task.items,
            );
    const targets = plan ? plan.targets : current.map((_, i) => i);

    const numbers = targets.map((i) => i + 1);
    const label = task.kind === "initial" ? stepLines.draft(locale, current.length) : task.reason === "regenerate" ? stepLines.regenerate(locale, numbers) : stepLines.revise(locale, numbers);
    return runStep(config, { step: "writer_draft", agent: "writer", ...labelFrom(label) }, async () => {
      // Every section settles before a failure is thrown, so the finished ones reach the cache;
      // at most `sequences` are in flight (the LLM pool's size).
      const rewritten = await boundedSettled(
        targets,
        deps.settings().sequences,
        (index) => {
          const section = current[index] as DraftSection;
          const source = outlineSectionFor(outline, section.title, index);
          const sources = source.material_ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
          // The materials' own sentences, as much as a weak model's context holds: a 120-character digest cut the facts it was to restate.
          const materials = sources.map((m) => materialDigest(m, Math.max(120, Math.min(300, Math.floor(1500 / sources.length)))));
          return writeSection(
            deps.llm,
            {
              locale,
              allowedIds: approved,
              sources,
              cacheDir,
              occasion: { after: state.draft_version, round: state.revision_count, reason: task.kind === "initial" ? "initial" : task.reason },
              prompt: {
                articleTitle: title,
                sectionTitle: section.title,
                keyPoints: source.key_points,
                materials,
                length,
                index,
                total: current.length,
                ...(plan ? { previous: section.body, notes: plan.notes.get(index) ?? [] } : {}),
              },
            },
            config,
          );
        },
        config.signal,
      );
      const sections = current.map((section) => ({ ...section }));
      targets.forEach((index, k) => {
        (sections[index] as DraftSection).body = rewritten[k] ?? "";
      });
      const markdown = assembleDraft(title, sections);
      // Claim grounding: each sentence citing [mNNN] is checked against that material.
      const ungrounded = await ungroundedSentences(sections, [...byId.values()], config.signal);
      const reason: DraftVersion["reason"] = task.kind === "initial" ? "initial" : task.reason;
      const revisionCount = state.revision_count + (task.kind === "revise" && task.countsAsRound ? 1 : 0);
      const version = storeDraftVersion(deps.versions, sessionId, { markdown, reason, after: state.draft_version, title, revisionCount }, config);
      return {
        update: {
          outline,
          draft_title: title,
          draft_sections: sections,
          draft: markdown,
          draft_version: version.number,
          review: null,
          ungrounded_sentences: ungrounded,
          force_accepted_after: null,
          revision_count: revisionCount,
          drafts: [briefDraft({ title, outline, markdown, revisionCount, version: version.number })],
        },
        ...summaryFrom(withNotes(summaryLines.draft(locale, version.number, wordCount(markdown)), summaryLines.ungrounded(locale, ungrounded.length))),
      };
    });
  };
}
