import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { structuralEvidence, structuralQuestion } from "../library/structureQuery.js";
import { runStep, summaryOf } from "../../common/nodeRuntime.js";
import { ABSTAIN, ANSWER_BUDGET_CHARS, answerOf, historyText, isAbstention, streamText, tokensForChars, withinBudget } from "../agentKit.js";
import type { PaperDeps } from "../PaperDeps.js";
import { abstainWithPassages } from "../abstainWithPassages.js";
import { answerProseFault } from "../answerProseFault.js";
import { llmClaimJudge } from "../library/llmClaimJudge.js";
import { supportedProse } from "../supportedProse.js";
import { gateCitations, repoPageChunks } from "../quoteGate.js";
import { chatExample, chatPrompt } from "../prompts.js";
import { echoCanaries, isEcho } from "../../common/echoGuard.js";
import { emit } from "../../common/nodeRuntime.js";
import { extractiveAnswer } from "../extractiveAnswer.js";
import { formatSentences, relevantSentences } from "../relevantSentences.js";
import { repageCitations } from "../repageCitations.js";
import { pairedTerms, pairedTranslation } from "../../../knowledge/crossLingualQuery.js";
import type { PaperState, PaperUpdate } from "../state.js";

/** Share of the question the gate's best sentence must hold to outweigh the model's bare "not stated". */
const OVERRIDE_NOT_STATED = 0.8;

/**
 * QA over the retrieved passages, streamed. Counting questions ("有几张表") are answered from the
 * structural index without a model; no passages → the abstention. Citations `[p.N]` are checked
 * against the passages (quoteGate) and failing ones removed; of the model's own words only the
 * sentences the claim checker finds supported, every number in the passages, are shown
 * (supportedProse). An answer left with no supported citation or none of its own words is the
 * paper's best sentence quoted by code, or, with none, or a reply that looped even on its retry,
 * the abstention with the closest passages (cite or abstain).
 */
export function chatNode(deps: PaperDeps) {
  return (state: PaperState, config: LangGraphRunnableConfig): Promise<PaperUpdate> =>
    runStep(config, { step: "chat", agent: "writer", label: "论文问答" }, async () => {
      const { doc_ids, titles, locale } = state.paper_metadata;
      const base = { current_agent: "chat", agent_mode: "streaming" as const };
      const structural = state.user_query ? structuralQuestion(state.user_query) : null;
      if (structural && structural.kind !== "item") {
        const { answer } = structuralEvidence(deps.papers.library.repo, doc_ids[0]!, structural, locale);
        if (answer) {
          const checked = gateCitations(answer, state.evidence, doc_ids, repoPageChunks(deps.papers.library.repo));
          return { update: { ...base, stream_chunks: [answer], agent_response: answerOf(state, "chat", { answer: checked.text, citations: checked.citations }) }, ...summaryOf("structural", {}, "answered from the structural index") };
        }
      }
      if (state.evidence.length === 0) {
        const answer = locale === "zh" ? `${ABSTAIN.zh}。` : `Not stated in the paper.`;
        return { update: { ...base, stream_chunks: [answer], agent_response: answerOf(state, "chat", { answer }) }, ...summaryOf("abstainedNoPassages", {}, "no passages: abstained") };
      }
      // The relevance gate, in code: the answer reads the evidence sentences that hold the question's
      // words; none holds enough of them → abstain without a model call (a follow-up also counts its history).
      const history = historyText(state);
      const asked = [state.user_query, state.selected_text].filter(Boolean).join(" ");
      // A question in another language than the paper is judged by the terms the paper itself pairs (注意力机制 (attention)).
      const extraTerms = pairedTranslation(asked, pairedTerms(state.evidence.map((e) => e.text)));
      let gate = relevantSentences(asked, state.evidence, { extraTerms });
      if (!gate.relevant && history) gate = relevantSentences(`${asked} ${history}`, state.evidence, { extraTerms });
      if (!gate.relevant) {
        const closest = [...new Map(gate.sentences.map((s) => [s.chunk.chunk_id, s.chunk])).values()];
        const answer = abstainWithPassages(locale, "no_evidence", closest.length ? closest : state.evidence, doc_ids, titles);
        emit(config, { type: "token", step: "chat", text: answer });
        return {
          update: { ...base, stream_chunks: [answer], agent_response: answerOf(state, "chat", { answer }) },
          ...summaryOf("notRelevant", { n: Math.min(3, state.evidence.length) }, "no passage sentence holds the question's words: abstained, closest passages listed"),
        };
      }
      // Where the gate could not judge (across scripts with no bridging term, no word of the question in the paper) the model reads the passages.
      const focused = !gate.open && gate.sentences.some((s) => s.score > 0);
      // The length budget: maxTokens from it, and the shown answer cut to it at a sentence end.
      const budget = ANSWER_BUDGET_CHARS[locale];
      const reply = await streamText(deps.llm, config, "chat", {
        ...chatPrompt(locale, {
          title: titles.join(" / "),
          passages: focused ? formatSentences(gate.sentences, doc_ids) : state.paper_text,
          question: state.user_query || "",
          selected: state.selected_text,
          history,
        }),
        maxTokens: tokensForChars(locale, budget),
        maxContinuations: 0,
        // Nothing the model writes is streamed to the screen or the CLI before the checks below: the
        // user sees the checked answer only (SmolLM2's raw Chinese garbage was printed before the quote).
        streamTokens: false,
      });
      const echo = isEcho(reply.text, echoCanaries({ example: chatExample(locale) }), state.paper_text);
      const text = echo ? "" : withinBudget(reply.text, budget);
      // Code decides the cited page: a tag goes to the page of the sentence it quotes or matches best.
      const repaged = repageCitations(text, state.evidence, doc_ids);
      const passed = gateCitations(repaged.text, state.evidence, doc_ids, repoPageChunks(deps.papers.library.repo));
      // The quote gate checks what a citation quotes, not the words around it: those must pass the
      // prose guard too (language, loop, echo, gibberish, grounded), or the reply counts as one with
      // no supported citation (the best sentence quoted by code, or the abstention).
      const prompt = chatPrompt(locale, { title: "", passages: "", question: "", selected: "", history: "" });
      const fault = passed.citations.length
        ? answerProseFault(passed.text, {
            locale,
            shown: [chatExample(locale), prompt.system],
            grounding: [state.paper_text, ...state.evidence.map((e) => e.text), asked, history, titles.join(" ")].join("\n"),
          })
        : null;
      // Cite or abstain, sentence by sentence: of the model's own words only the sentences the claim
      // checker finds supported, with every number in the passages, are shown (Gemma's "40 厘米和
      // 60 厘米" beside a verified quote was shown; so were sentences the gate marked "not found").
      const supported =
        fault || passed.citations.length === 0
          ? null
          : await supportedProse(repaged.text, {
              evidence: state.evidence,
              docIds: doc_ids,
              pageChunks: repoPageChunks(deps.papers.library.repo),
              judge: llmClaimJudge(deps.llm),
              ...(config.signal ? { signal: config.signal } : {}),
            });
      const dropped = supported?.unsupported ?? [];
      // Nothing of the model's own words left (bare tags at most): the reply counts as one with no supported citation.
      const gated = fault || (supported && !supported.ownWords) ? { text: "", citations: [], refused: (supported ?? passed).refused, unsupported: dropped } : (supported ?? passed);
      // The model's own "not stated" (with no citation) is an abstention too, unless the gate's best
      // sentence holds nearly all of the question: a tiny model copies the prompt's "not stated"
      // (Gemma did on every English question), so that sentence is quoted instead. Below that the
      // model may be right ("Which GPU brand?" of a paper that names only "eight GPUs").
      const said = gated.citations.length === 0 && isAbstention(text) && !(focused && (gate.sentences[0]?.score ?? 0) >= OVERRIDE_NOT_STATED);
      // Cite or abstain: an answer with no supported citation is not shown. When the gate found a
      // sentence that answers (and the model did not say it is not stated), that sentence is the
      // answer, quoted by code with its page; otherwise the plain reason and the closest passages.
      const extract = reply.usable && !said && gated.citations.length === 0 && focused ? extractiveAnswer(locale, gate.sentences, doc_ids) : null;
      const checked = extract ?? gated;
      const reason = !reply.usable ? "unusable" : checked.citations.length === 0 ? "no_evidence" : null;
      const answer = reason ? abstainWithPassages(locale, reason, state.evidence, doc_ids, titles) : checked.text;
      const kept = reason ? [] : checked.citations;
      const cited = `${kept.length} citations${repaged.moved.length ? ` (page moved to the sentence's: ${repaged.moved.join(", ")})` : ""}${checked.refused.length ? `, ${checked.refused.length} refused` : ""}`;
      // The timeline says how many of the model's sentences the support check left out, whatever was shown instead.
      const dropNote = dropped.length ? `; ${dropped.length} of the reply's sentences not supported by the passages (or with a number they lack) left out` : "";
      const line = said
        ? summaryOf("abstained", {}, "abstained")
        : reason === "unusable"
          ? summaryOf("loopUnusable", { n: Math.min(3, state.evidence.length) }, "the reply looped, so did its retry: no usable answer, closest passages listed")
          : reason === "no_evidence" && fault
            ? summaryOf("proseRejected", { n: Math.min(3, state.evidence.length), reason: fault.reason }, `the reply's own words failed the prose guard (${fault.reason}): abstained, closest passages listed`)
            : reason === "no_evidence"
            ? summaryOf("noEvidence", { n: Math.min(3, state.evidence.length) }, "no citation passed the quote gate: abstained, closest passages listed")
            : extract
              ? fault
                ? summaryOf("answeredByQuoteProse", { c: kept.length, reason: fault.reason }, `the reply's own words failed the prose guard (${fault.reason}: ${JSON.stringify(fault.sentence.slice(0, 60))}): the paper's best sentence quoted`)
                : summaryOf("answeredByQuote", { c: kept.length }, `the reply had no supported citation${echo ? " (it repeated the prompt's example)" : ""}: the paper's best sentence quoted`)
              : summaryOf(reply.looped ? "answeredAfterLoop" : "answered", { c: kept.length }, `${cited}${reply.looped ? " (the first reply looped; retried)" : ""}`);
      const summary = dropped.length
        ? { summary: `${line.summary}${dropNote}`, summaryText: { ...line.summaryText, notes: [{ key: "unsupportedDropped", params: { n: dropped.length } }] } }
        : line;
      emit(config, { type: "token", step: "chat", text: answer });
      return {
        update: {
          ...base,
          stream_chunks: [answer],
          agent_response: answerOf(state, "chat", {
            answer,
            citations: kept,
            ...(checked.refused.length ? { refused_citations: checked.refused } : {}),
            // Left-out sentences stay in the answer's data, labelled, never in its text.
            ...(dropped.length || (!reason && checked.unsupported.length) ? { unsupported_sentences: dropped.length ? dropped : checked.unsupported } : {}),
            ...(supported?.claims.length ? { claims: supported.claims } : {}),
          }),
        },
        ...summary,
      };
    });
}
