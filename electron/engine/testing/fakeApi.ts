import type { z } from "zod";
import { API } from "../../../shared/api.js";
import type { MethodInput, MethodName, MethodOutput, ScriptoriumApi, SessionSummary } from "../../../shared/api.js";
import { ScriptoriumError, formatZodError } from "../../../shared/errors.js";
import { ARTICLE_ACTIONS } from "../../../shared/workflows/article.js";
import { SYSTEM_STREAM } from "../../../shared/events.js";
import type { EngineEvent, EventDraft } from "../../../shared/events.js";

/**
 * Test double of the engine for adapter tests (server, CLI, transports): sessions with persisted,
 * gap-free event logs, replay-then-live subscriptions, and an article-like pause that allows
 * `confirm` only. Not used in production code.
 */
export class FakeApi implements ScriptoriumApi {
  readonly sessions = new Map<string, { summary: SessionSummary; events: EngineEvent[] }>();
  readonly calls: Array<{ method: MethodName; input: unknown }> = [];
  private readonly listeners = new Map<string, Set<(event: EngineEvent) => void>>();
  private counter = 0;
  subscriptions = 0;

  async call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
    // Like Engine.call: the payload is parsed here, once (adapters only transport it); only a
    // well-formed call reaches the handlers and `calls`.
    const parsed = (API[method].input as z.ZodType).safeParse(input ?? {});
    if (!parsed.success) throw new ScriptoriumError("bad_request", formatZodError(parsed.error), { issues: parsed.error.issues });
    if (method === "run.resume") {
      const action = (parsed.data as { payload: { action?: unknown } }).payload.action;
      if (typeof action !== "string" || !(ARTICLE_ACTIONS as string[]).includes(action)) throw new ScriptoriumError("bad_request", `action: unknown action ${JSON.stringify(action)}`);
    }
    this.calls.push({ method, input });
    const result = await this.dispatch(method, parsed.data as Record<string, unknown>);
    return result as MethodOutput<M>;
  }

  subscribe(sessionId: string, afterSeq: number, listener: (event: EngineEvent) => void): () => void {
    for (const event of this.sessions.get(sessionId)?.events ?? []) if (event.seq > afterSeq) listener(event);
    const set = this.listeners.get(sessionId) ?? new Set();
    set.add(listener);
    this.listeners.set(sessionId, set);
    this.subscriptions++;
    return () => {
      if (set.delete(listener)) this.subscriptions--;
    };
  }

  /** Create a session directly (no events). */
  createSession(workflow: "article" | "chat" = "article", title = "t"): string {
    const id = `s${++this.counter}`;
    const now = new Date(0).toISOString();
    this.sessions.set(id, {
      summary: { id, workflow, title, status: "running", pausePoint: null, createdAt: now, updatedAt: now, lastSeq: 0 },
      events: [],
    });
    return id;
  }

  /** Persist then deliver an event, as the engine's runner does. The system stream exists on first use. */
  emit(sessionId: string, draft: EventDraft): EngineEvent {
    if (sessionId === SYSTEM_STREAM && !this.sessions.has(SYSTEM_STREAM)) this.addSystemStream();
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const event = { ...draft, seq: session.events.length + 1, sessionId, ts: new Date(0).toISOString() } as EngineEvent;
    session.events.push(event);
    session.summary.lastSeq = event.seq;
    if (event.type === "await_user") {
      session.summary.status = "paused";
      session.summary.pausePoint = event.pausePoint;
    } else if (event.type === "done") session.summary.status = "done";
    else if (event.type === "error") session.summary.status = "error";
    for (const listener of [...(this.listeners.get(sessionId) ?? [])]) listener(event);
    return event;
  }

  private addSystemStream(): void {
    const now = new Date(0).toISOString();
    this.sessions.set(SYSTEM_STREAM, {
      summary: { id: SYSTEM_STREAM, workflow: "chat", title: "system", status: "running", pausePoint: null, createdAt: now, updatedAt: now, lastSeq: 0 },
      events: [],
    });
  }

  private session(input: Record<string, unknown>) {
    if (input.sessionId === SYSTEM_STREAM && !this.sessions.has(SYSTEM_STREAM)) this.addSystemStream();
    const session = this.sessions.get(String(input.sessionId));
    if (!session) throw new ScriptoriumError("not_found", `Unknown session "${String(input.sessionId)}".`);
    return session;
  }

  private async dispatch(method: MethodName, input: Record<string, unknown>): Promise<unknown> {
    switch (method) {
      case "health":
        return { ok: true, version: "0.0.0-fake", sqliteVersion: "3.0.0", model: null, uptimeS: 1 };
      case "sessions.list":
        return { sessions: [...this.sessions.values()].map((s) => s.summary) };
      case "run.start": {
        const id = this.createSession(input.workflow as "article" | "chat");
        // Let the caller subscribe before the scripted run proceeds, like a real async runner.
        setTimeout(() => this.script(id, input), 5);
        return { sessionId: id };
      }
      case "run.state": {
        const session = this.session(input);
        const last = session.events.at(-1);
        const pause = last?.type === "await_user" ? { pausePoint: last.pausePoint, allowedActions: last.allowedActions, context: last.context } : null;
        return { session: session.summary, pause, values: { title: session.summary.title } };
      }
      case "run.resume": {
        const session = this.session(input);
        const action = (input.payload as { action?: string } | undefined)?.action;
        if (session.summary.status !== "paused") throw new ScriptoriumError("conflict", "Session is not paused.", { allowed: [] });
        if (action !== "confirm") throw new ScriptoriumError("conflict", `Action "${String(action)}" is not allowed here.`, { allowed: ["confirm"] });
        const id = session.summary.id;
        session.summary.status = "running";
        setTimeout(() => {
          this.emit(id, { type: "resumed", pausePoint: "material_confirm", action: "confirm" });
          this.emit(id, { type: "done", summary: "finished" });
        }, 5);
        return { sessionId: id, status: "running" };
      }
      case "run.retry": {
        const session = this.session(input);
        if (session.summary.status !== "error") throw new ScriptoriumError("conflict", "Only a session that ended in an error can be retried.");
        session.summary.status = "running";
        return { sessionId: session.summary.id, status: "running" };
      }
      case "run.cancel":
        this.session(input);
        return { ok: true };
      case "events.list": {
        const session = this.session(input);
        return { events: session.events.filter((e) => e.seq > Number(input.afterSeq ?? 0)) };
      }
      case "documents.versions":
        this.session(input);
        return { versions: [{ number: 1, reason: "initial", created_at: new Date(0).toISOString(), scores: null, chars: 5 }] };
      case "documents.export":
        this.session(input);
        return input.format === "docx"
          ? { fileName: "a.docx", mimeType: "application/octet-stream", encoding: "base64", content: Buffer.from("DOCX").toString("base64") }
          : { fileName: "a.md", mimeType: "text/markdown", encoding: "utf8", content: "# Hello\n" };
      case "settings.get":
        return { locale: "zh-CN", backend: "llamacpp", article: { reviewThreshold: 80, maxRevisions: 3 } };
      case "settings.update":
        return { locale: "zh-CN", backend: "llamacpp", ...input };
      case "knowledge.ingest": {
        const taskId = `ingest-${++this.counter}`;
        const total = (input.paths as string[]).length;
        // An older task's event first: the follower must ignore it.
        this.emit(SYSTEM_STREAM, { type: "progress", task: "other-task", done: 1, total: 1 });
        setTimeout(() => {
          // Like the knowledge port: a failure ends with a "failed:" progress line and an error naming the task.
          if (String(input.collection) === "papers") {
            this.emit(SYSTEM_STREAM, { type: "progress", task: taskId, done: 0, total: null, message: "failed: broken pdf" });
            this.emit(SYSTEM_STREAM, { type: "error", error: { code: "internal", message: "broken pdf", details: { task: taskId } } });
            return;
          }
          for (let done = 1; done <= total; done++) this.emit(SYSTEM_STREAM, { type: "progress", task: taskId, done, total, message: `file ${done}` });
          // The last event, like the port's: the summary and the per-file report (the last path failed).
          const files = (input.paths as string[]).map((p, i) => (i === total - 1 && total > 1 ? { path: p, status: "failed" as const, reason: "not a readable PDF", code: "corrupt" } : { path: p, status: "imported" as const, chunks: 1 }));
          this.emit(SYSTEM_STREAM, { type: "progress", task: taskId, done: 1, total: 1, message: `ingested ${total - 1}, failed 1`, report: { imported: total - 1, skipped: 0, failed: 1, files } });
        }, 5);
        return { taskId };
      }
      case "providers.health":
        return { providers: [{ name: "library", source_type: "library", ok: true, message: "ok", elapsedMs: 1 }] };
      case "knowledge.search":
        return { materials: [{ id: "m1", title: "T", content: "C", source: "s", published_at: null, relevance_score: 0.5, source_type: "library", url: null, recUuid: null }] };
      default:
        throw new ScriptoriumError("not_found", `Fake does not implement ${method}.`);
    }
  }

  /** A scripted run: chat streams tokens then ends; article pauses at material_confirm. */
  private script(id: string, input: Record<string, unknown>): void {
    this.emit(id, { type: "connected", workflow: String(input.workflow) });
    if (input.workflow === "chat") {
      this.emit(id, { type: "token", step: "chat", text: "Hel" });
      this.emit(id, { type: "token", step: "chat", text: "lo" });
      this.emit(id, { type: "done", summary: "ok" });
      return;
    }
    this.emit(id, { type: "step_start", step: "research", agent: "researcher", label: "Searching" });
    this.emit(id, { type: "step_done", step: "research", agent: "researcher", summary: "3 materials", durationMs: 1 });
    this.emit(id, { type: "await_user", pausePoint: "material_confirm", allowedActions: ["confirm", "re_search"], context: {} });
  }
}
