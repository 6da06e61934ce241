import type { z } from "zod";
import type { MethodOutput } from "../../../../shared/api.js";
import { ScriptoriumError } from "../../../../shared/errors.js";
import type { PaperExportMethods } from "../../../../shared/workflows/paperExport.js";
import type { PaperAnswer } from "../../../../shared/workflows/paper.js";
import { guessLocale } from "../../export/citationList.js";
import { withCitationNotes } from "../../export/citationNotes.js";
import type { ExportDocument, ExportSource } from "../../export/ExportDocument.js";
import { referenceSection } from "../../export/styledReferenceList.js";
import type { ExportHooks, MethodContext } from "../WorkflowDefinition.js";
import type { BibLibrary } from "./library/bibLibrary.js";
import { lazyBibLibrary } from "./library/paperBibHandlers.js";
import type { PaperDeps } from "./PaperDeps.js";
import type { CslName } from "../../references/citeproc.js";

type ExportInput = z.output<(typeof PaperExportMethods)["export"]["input"]>;

const STAGE_TITLES = {
  zh: { extraction: "提取", analysis: "分析", synthesis: "综合", question: "问题" },
  en: { extraction: "Extraction", analysis: "Analysis", synthesis: "Synthesis", question: "Question" },
} as const;

/** The paper reader's export: the session's latest answer (no stored versions), from its state. */
export const paperExport: ExportHooks<PaperDeps> = {
  versionless: true,
  document: (source, deps) => paperExportDocument(source, lazyBibLibrary(deps.papers, deps.db)),
};

/**
 * The session's latest answer as an ExportDocument. Page citations become footnotes naming the
 * paper (title, authors) and page; the session's papers follow as the reference list in the chosen
 * style (default GB/T 7714), built from the library's metadata, so a user's correction
 * (`paper.setMetadata`) shows in the next export. The labels follow `locale` (the app's language).
 */
export function paperExportDocument(source: Pick<ExportSource, "sessionId" | "sessionTitle" | "values" | "referenceStyle" | "referenceLocale" | "locale">, bib: () => BibLibrary): ExportDocument {
  const values = source.values as { answer?: PaperAnswer | null; doc_ids?: string[]; conversation_history?: Array<{ role: string; text: string }> };
  const answer = values.answer;
  if (!answer) throw new ScriptoriumError("conflict", `Session ${source.sessionId} has no answer yet.`, { sessionId: source.sessionId });
  const items = (values.doc_ids ?? []).map((id) => bib().cslOf(id));
  const body = answerMarkdown(answer, values.conversation_history ?? [], source.locale);
  const locale = source.locale ?? guessLocale(body);
  const papers = items.map((item) => ({ title: String(item.title ?? ""), authors: (item.author ?? []).map(displayName) }));
  // The heading names the paper(s); the question comes first in the body.
  const title = papers.length > 1 ? `${papers[0]!.title}${locale === "zh" ? " 等" : " et al."}` : papers[0]?.title || source.sessionTitle || "paper";
  const markdown = `# ${title}\n\n${body.trimEnd()}`;
  return {
    title,
    markdown,
    // A page note is part of the answer's text, so it is written in the answer's language (an English
    // answer's note reads "p. 2" whatever the app's language); the labels around it follow the app.
    noted: withCitationNotes(markdown, [], guessLocale(answer.answer), papers),
    references: referenceSection(items, locale, source.referenceStyle ?? "gb-t-7714", source.referenceLocale),
    locale,
    fileName: `${title}-${answer.intent}`,
  };
}

/** `paper.export` (kept for existing callers; `documents.export` with the session does the same): the latest answer as a file. */
export async function exportPaperAnswer(input: ExportInput, sessions: MethodContext["sessions"], bib: () => BibLibrary): Promise<MethodOutput<"paper.export">> {
  const state = await sessions.state(input.sessionId);
  if (state.session.workflow !== "paper") throw new ScriptoriumError("bad_request", `Session ${input.sessionId} is a ${state.session.workflow} session; paper.export exports paper sessions (documents.export the others).`, { sessionId: input.sessionId });
  const document = paperExportDocument({ ...input, sessionTitle: state.session.title, values: state.values }, bib);
  const { renderDocument } = await import("../../export/renderDocument.js");
  return renderDocument(document, { format: input.format, ...(input.template ? { template: input.template } : {}) });
}

/** "Ada Lovelace", "王小明" (a Chinese name is family name first, unspaced). */
function displayName(name: CslName): string {
  if (name.literal) return name.literal;
  if (/[\u3400-\u9fff]/.test(name.family ?? "")) return `${name.family ?? ""}${name.given ?? ""}`;
  return [name.given, name.family].filter(Boolean).join(" ");
}

/** The question, then the answer; a deep read as its three stages. */
function answerMarkdown(answer: PaperAnswer, history: ReadonlyArray<{ role: string; text: string }>, wanted?: "zh" | "en"): string {
  const question = [...history].reverse().find((entry) => entry.role === "user")?.text.trim() ?? "";
  const locale = wanted ?? guessLocale(`${question}\n${answer.answer}`);
  const words = STAGE_TITLES[locale];
  const asked = question ? `**${words.question}**${locale === "zh" ? "：" : ": "}${question}\n\n` : "";
  if (answer.stages) {
    // The synthesis is the answer itself: the checked text, with unsupported claims marked.
    const stages = [answer.stages.extraction, answer.stages.analysis, answer.answer].map((text, i) => [(["extraction", "analysis", "synthesis"] as const)[i]!, text.trim()] as const);
    return `${asked}${stages.filter(([, text]) => text !== "").map(([key, text]) => `## ${words[key]}\n\n${text}`).join("\n\n")}\n`;
  }
  return `${asked}${answer.answer.trim()}\n`;
}
