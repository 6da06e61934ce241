import { paperCommand } from "./paperCli.js";
import { PAPER_STRUCTURED_SCHEMAS } from "./structuredSchemas.js";
import { PAPER_FLAGS } from "./paperCliFlags.js";
import { PAPER_MIGRATIONS } from "./library/paperMigrations.js";
import { PAPER_INTENTS, paperContract, type PaperStartInput } from "../../../../shared/workflows/paper.js";
import type { WorkflowDefinition } from "../WorkflowDefinition.js";
import { paperDeps, type PaperDeps } from "./PaperDeps.js";
import { paperExport } from "./paperExport.js";
import { lazyBibLibrary } from "./library/paperBibHandlers.js";
import { PaperSearchProvider } from "./library/PaperSearchProvider.js";
import { paperMethods } from "./paperMethods.js";
import { buildPaperGraph } from "./graph.js";
import { paperPauses } from "./pauses.js";
import type { PaperMetadata, PaperState } from "./state.js";

const TITLE_CHARS = 60;

/**
 * The paper reader. A session is conversational: it answers, pauses at `await_question`, and
 * `ask` continues it with the next question (history kept in the checkpoint and in
 * `paper_messages`), `end` closes it. `single_question` (CLI) ends after the first answer.
 */
export const paperWorkflow: WorkflowDefinition<PaperStartInput, typeof paperContract, PaperDeps> = {
  id: "paper",
  contract: paperContract,
  structuredSchemas: PAPER_STRUCTURED_SCHEMAS,
  cli: {
    flags: PAPER_FLAGS,
    usage: [
      "paper import <file…> | list | show <doc_id> | delete <doc_id> [--json]",
      `paper ask <doc_id…> "<question>" [--intent ${PAPER_INTENTS.join("|")}] [--selected "<text>"] [--json]`,
      "paper deep-read <doc_id> [--json] | check-claims <doc_id> --claims <file.jsonl> [--judge none|llm] [--json]",
      "paper ask|deep-read … --out answer.md|.html|.docx [--style gb-t-7714|apa] · paper export <session_id> --format markdown|html|docx [--out file] [--style …] [--locale zh|en]",
      "paper import-bib <file.bib|file.ris> | export-bib [doc_id…] [--out file.bib] | import-zotero [--collection KEY] [--url http://127.0.0.1:23119]",
      "paper meta show <doc_id> | meta set <doc_id> title=… authors=\"A; B\" year=2021 venue=… doi=10.…/…",
    ],
    run: paperCommand,
  },
  migrations: PAPER_MIGRATIONS,
  services: (platform) => paperDeps(platform),
  // The library's papers are material for every workflow's research (article, docgen), cited by their CSL record.
  researchSources: (deps) => {
    if (!deps?.papers?.library) return [];
    const bib = lazyBibLibrary(deps.papers, deps.db);
    return [new PaperSearchProvider(deps.papers.library, (docId) => bib().cslOf(docId))];
  },
  methods: paperMethods,
  export: paperExport,
  title: (input) => {
    const line = (input.user_query || input.forced_intent || input.selected_text).replace(/\s+/g, " ").trim();
    return line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS - 1)}…` : line;
  },
  build: (deps, checkpointer) => buildPaperGraph(deps, checkpointer),
  // Titles are read from the library by the first node (it also checks the doc ids exist).
  initialState: (input) => initialPaperState(input, []),
  parseResume: (pause, payload) => paperPauses.parseResume(pause, payload),
  publicValues: (values, session) => {
    const v = values as Partial<PaperState>;
    const meta = v.paper_metadata;
    return {
      status: session.status,
      doc_ids: meta?.doc_ids ?? [],
      titles: meta?.titles ?? [],
      intent: v.intent ?? "",
      current_agent: v.current_agent ?? "",
      agent_mode: v.agent_mode ?? "",
      answer: v.agent_response ?? null,
      conversation_history: v.conversation_history ?? [],
      accumulated_results: v.accumulated_results ?? { extraction: "", analysis: "", synthesis: "" },
      hallucination_check: v.hallucination_check ?? "",
      halluc_iteration: v.halluc_iteration ?? 0,
      max_halluc_iterations: v.max_halluc_iterations ?? 2,
    };
  },
  doneSummary: (values) => {
    const history = (values as Partial<PaperState>).conversation_history ?? [];
    const answers = history.filter((entry) => entry.role === "assistant").length;
    return { text: `${answers} answers`, message: { key: "done", params: { n: answers } } };
  },
};

export function initialPaperState(input: PaperStartInput, titles: string[]): Record<string, unknown> {
  const locale = input.locale ?? (/[\u3400-\u9fff]/.test(input.user_query || input.selected_text) || !input.user_query ? "zh" : "en");
  const metadata: PaperMetadata = {
    forced_intent: input.forced_intent ?? null,
    doc_id: input.doc_ids[0]!,
    doc_ids: input.doc_ids,
    titles,
    locale,
    single_question: input.single_question,
  };
  return {
    user_query: input.user_query,
    selected_text: input.selected_text,
    paper_metadata: metadata,
    max_halluc_iterations: input.max_halluc_iterations,
  };
}
