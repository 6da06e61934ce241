import { diffLines } from "diff";
import { ScriptoriumError } from "../../../shared/errors.js";
import type { DraftVersion } from "../../../shared/documents.js";
import type { SelectionRewriter } from "../documents/SelectionRewriter.js";
import type { MethodInput } from "../../../shared/api.js";
import { guessLocale } from "../export/citationList.js";
import type { ExportDocument } from "../export/ExportDocument.js";
import { lazyRenderer, type ExportPort } from "../export/ExportPort.js";
import { applyChoices, changeContexts, trackedChangeList } from "../export/trackedChangeList.js";
import type { WorkflowRunner } from "../runtime/WorkflowRunner.js";
import type { SessionStore } from "../storage/SessionStore.js";
import type { SqliteVersionStore } from "../storage/VersionStore.js";
import type { CoreHandlers } from "./CoreHandlers.js";
import { requirePort } from "./requirePort.js";

type DocumentMethods = Extract<keyof CoreHandlers, `documents.${string}`>;

export interface DocumentHandlerParts {
  sessions: SessionStore;
  versions: SqliteVersionStore;
  runner: WorkflowRunner;
  exporter?: ExportPort | undefined;
  rewriter?: SelectionRewriter | undefined;
}

/** `documents.*`: a session's versions, diffs, restore and hand edits, export, selection rewrites. */
export function documentHandlers({ sessions, versions, runner, exporter, rewriter }: DocumentHandlerParts): Pick<CoreHandlers, DocumentMethods> {
  // An engine without an injected exporter renders with the built-in one (loaded on first use).
  let defaultRenderer: ExportPort | null = null;
  const requireSession = (sessionId: string) => {
    const session = sessions.get(sessionId);
    if (!session) throw new ScriptoriumError("not_found", `Unknown session ${sessionId}.`, { sessionId });
    return session;
  };
  const requireVersion = (sessionId: string, number: number | undefined) => {
    requireSession(sessionId);
    const found = number === undefined ? versions.latest(sessionId) : versions.get(sessionId, number);
    if (!found) throw new ScriptoriumError("not_found", number === undefined ? `Session ${sessionId} has no draft yet.` : `Session ${sessionId} has no version ${number}.`, { sessionId, number });
    return found;
  };
  /**
   * Store `markdown` as a new version and make it the workflow's current draft: the checkpoint is
   * updated and the graph goes to the workflow's draft pause, so the next action works on it.
   * A workflow without document hooks (the doc generator) gets the version and a `draft_ready`, so
   * every client shows the stored text as the current draft. A running session is refused first:
   * the run would store its own version over the user's.
   */
  const adoptDraft = async (sessionId: string, markdown: string, reason: DraftVersion["reason"]): Promise<DraftVersion> => {
    const session = requireSession(sessionId);
    const hooks = runner.definitionOf(sessionId).document;
    if (session.status === "running" || runner.isActive(sessionId)) {
      throw new ScriptoriumError("conflict", `Session ${sessionId} is running; wait for a pause to change its draft.`, { status: session.status });
    }
    const version = versions.add(sessionId, { markdown, reason });
    if (!hooks) {
      runner.note(sessionId, { type: "draft_ready", version, markdown, title: session.title });
      return version;
    }
    const values = await runner.values(sessionId);
    const update = hooks.adopt(values, { markdown, version });
    const title = typeof update.draft_title === "string" ? update.draft_title : session.title;
    const revisionCount = typeof values.revision_count === "number" ? values.revision_count : 0;
    runner.note(sessionId, { type: "draft_ready", version, markdown, title, revision_count: revisionCount });
    await runner.redirect(sessionId, update, hooks.pauseNode);
    return version;
  };
  return {
    "documents.versions": async ({ sessionId }) => {
      requireSession(sessionId);
      return { versions: versions.list(sessionId) };
    },
    "documents.version": async ({ sessionId, number }) => requireVersion(sessionId, number),
    "documents.diff": async ({ sessionId, from, to }) => {
      const a = requireVersion(sessionId, from);
      const b = requireVersion(sessionId, to);
      const hunks = diffLines(a.markdown, b.markdown).map((part) => ({ kind: part.added ? ("added" as const) : part.removed ? ("removed" as const) : ("same" as const), text: part.value }));
      return { from: a.version, to: b.version, hunks };
    },
    "documents.restore": async ({ sessionId, number }) => ({ version: await adoptDraft(sessionId, requireVersion(sessionId, number).markdown, "restore") }),
    "documents.edit": async ({ sessionId, markdown }) => ({ version: await adoptDraft(sessionId, markdown, "manual_edit") }),
    "documents.export": async (input) => {
      const port = exporter ?? (defaultRenderer ??= lazyRenderer());
      const render = { format: input.format, ...(input.template ? { template: input.template } : {}) };
      if (input.markdown !== undefined) {
        if (input.sessionId !== undefined) throw new ScriptoriumError("bad_request", "documents.export takes a sessionId or a markdown text, not both.", {});
        return port.render(textDocument(input.markdown, input.title ?? "", input.locale), render);
      }
      if (input.sessionId === undefined) throw new ScriptoriumError("bad_request", "documents.export needs a sessionId (a session's document) or markdown (a text to export).", {});
      const sessionId = input.sessionId;
      const session = requireSession(sessionId);
      const hooks = runner.definitionOf(sessionId).export;
      const values = hooks ? await runner.values(sessionId) : {};
      // The workflow makes its document (title, notes, reference list); a workflow without an export hook exports the text as stored.
      const documentOf = async (version: { number: number; markdown: string } | null): Promise<ExportDocument> =>
        hooks
          ? hooks.document({ sessionId, sessionTitle: session.title, values, version, ...exportWords(input) }, runner.servicesFor(sessionId))
          : textDocument(version?.markdown ?? "", session.title, input.locale);
      if (input.tracked) {
        // Two versions as a tracked-changes DOCX, rendered like the normal export, the comments from the workflow's replacements.
        const [from, to] = [requireVersion(sessionId, input.tracked.from), requireVersion(sessionId, input.tracked.to)];
        const original = await documentOf({ number: from.version.number, markdown: from.markdown });
        const revised = await documentOf({ number: to.version.number, markdown: to.markdown });
        const replacements = hooks?.replacements?.(runner.events(sessionId, 0)) ?? [];
        return port.render(revised, { ...render, revisions: { original, replacements }, suffix: `-v${from.version.number}-v${to.version.number}-tracked` });
      }
      if (hooks?.versionless) return port.render(await documentOf(null), render);
      const { version, markdown } = requireVersion(sessionId, input.number);
      return port.render(await documentOf({ number: version.number, markdown }), { ...render, suffix: `-v${version.number}` });
    },
    "documents.trackedChanges": async ({ sessionId, from, to }) => {
      const replacements = runner.definitionOf(sessionId).export?.replacements?.(runner.events(sessionId, 0)) ?? [];
      const list = trackedChangeList(requireVersion(sessionId, from).markdown, requireVersion(sessionId, to).markdown, replacements);
      const contexts = changeContexts(list);
      return {
        changes: list.changes.map((c) => ({
          index: c.index,
          deleted: c.deleted,
          inserted: c.inserted,
          rule: c.replacement?.group ?? null,
          reason: c.replacement?.reason ?? null,
          ...(contexts.get(c.index) ?? { before: "", after: "" }),
        })),
      };
    },
    "documents.applyTrackedChanges": async ({ sessionId, from, to, accepted }) => {
      const list = trackedChangeList(requireVersion(sessionId, from).markdown, requireVersion(sessionId, to).markdown);
      const unknown = accepted.filter((i) => i >= list.changes.length);
      if (unknown.length) throw new ScriptoriumError("bad_request", `No change ${unknown.join(", ")} between versions ${from} and ${to} (there are ${list.changes.length}).`, { unknown });
      return { version: await adoptDraft(sessionId, applyChoices(list, new Set(accepted)), "manual_edit") };
    },
    "documents.rewriteSelection": async (request) => {
      requireSession(request.sessionId);
      return requirePort(rewriter, "Selection rewriting").rewrite(request);
    },
    "documents.cancelRewrite": async ({ rewriteId }) => {
      requirePort(rewriter, "Selection rewriting").cancel(rewriteId);
      return { ok: true as const };
    },
  };
}

/** The reference options of an export request, as the hook receives them. */
function exportWords(input: MethodInput<"documents.export">) {
  return {
    ...(input.referenceStyle ? { referenceStyle: input.referenceStyle } : {}),
    ...(input.referenceLocale ? { referenceLocale: input.referenceLocale } : {}),
    ...(input.locale ? { locale: input.locale } : {}),
  };
}

/** A text exported as it is: its own footnotes are its notes; its first `# ` heading (or `title`) its title. */
function textDocument(markdown: string, title: string, locale?: "zh" | "en"): ExportDocument {
  const heading = /^\s*#\s+(.+)$/m.exec(markdown)?.[1]?.trim();
  const name = heading || title || "document";
  return { title: name, markdown, locale: locale ?? guessLocale(markdown), fileName: title || name };
}
