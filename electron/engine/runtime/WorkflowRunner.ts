import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { Command } from "@langchain/langgraph";
import type { SessionState, SessionStatus, WorkflowId } from "../../../shared/api.js";
import { ScriptoriumError } from "../../../shared/errors.js";
import type { EngineEvent, EventDraft } from "../../../shared/events.js";
import type { CompiledWorkflowGraph, PauseRequest, WorkflowDefinition, WorkflowRegistry } from "../workflows/WorkflowDefinition.js";
import type { EventListener } from "./EventHub.js";
import { pauseFromSnapshot } from "./pauses.js";
import { SessionJournal } from "./SessionJournal.js";
import type { WorkflowRunnerOptions } from "./WorkflowRunnerOptions.js";
import { WorkflowGraphs } from "./WorkflowGraphs.js";
import type { ActiveRun } from "./ActiveRun.js";
import { actionName } from "./actionName.js";
import { connectedLlmChoice } from "./connectedLlmChoice.js";
import { closeInterruptedSteps } from "./closeInterruptedSteps.js";
import { safeSegment } from "./safeSegment.js";
import { sessionState } from "./sessionState.js";
import { streamRun } from "./streamRun.js";
import { threadConfig } from "./threadConfig.js";
import { runInSessionScope, type SessionLlmChoice } from "../llm/sessionLlmScope.js";

/**
 * Runs workflow graphs as sessions: persists and publishes their events, turns interrupts into
 * pauses, applies each resume exactly once, cancels, deletes, and continues runs cut by a restart.
 */
export class WorkflowRunner {
  private readonly opts: WorkflowRunnerOptions;
  private readonly graphs: WorkflowGraphs;
  private readonly runs = new Map<string, ActiveRun>();
  private readonly resuming = new Set<string>();
  /** Pauses announced since this runner started, until answered: a resume need not read the checkpoint back. */
  private readonly announcedPauses = new Map<string, PauseRequest>();
  private readonly journal: SessionJournal;
  /** Each session's own model and 思考 (from its `connected` event), read once per runner. */
  private readonly llmChoices = new Map<string, SessionLlmChoice>();
  private disposed = false;

  constructor(options: WorkflowRunnerOptions) {
    this.opts = options;
    this.journal = new SessionJournal(options);
    this.graphs = new WorkflowGraphs(options);
  }

  /** The registry this runner serves (the engine builds `run.start`'s schema from it). */
  get registry(): WorkflowRegistry {
    return this.opts.registry;
  }

  /**
   * Create the session, emit `connected`, and run the graph in the background. `input` was parsed
   * by the engine with the workflow's contract (`run.start` is parsed once, at `Engine.call`).
   */
  async start(workflow: string, input: unknown, llm: SessionLlmChoice = {}): Promise<{ sessionId: string }> {
    this.assertOpen();
    const definition = this.definition(workflow);
    const graph = this.graph(definition);
    await definition.checkStart?.(input, this.opts.servicesOf(definition.id));
    const sessionId = randomUUID();
    // The session's own model is stored in its first event: every later run of it (resume, retry, recovery) reads it back.
    // The session row commits with `connected`, in one FULL commit.
    this.opts.events.append(
      sessionId,
      { type: "connected", workflow, ...(llm.model ? { model: llm.model } : {}), ...(llm.thinking ? { thinking: llm.thinking } : {}) },
      () => void this.opts.sessions.create({ id: sessionId, workflow: workflow as WorkflowId, title: definition.title(input), input }),
    );
    this.llmChoices.set(sessionId, llm);
    this.launch(sessionId, definition, graph, definition.initialState(input));
    return { sessionId };
  }

  /** Answer the pending pause of a session; the payload is checked by the workflow's `parseResume`. */
  async resume(sessionId: string, payload: unknown): Promise<{ sessionId: string; status: SessionStatus }> {
    this.assertOpen();
    const session = this.requireSession(sessionId);
    if (session.status !== "paused" || this.resuming.has(sessionId) || this.runs.has(sessionId)) {
      throw new ScriptoriumError(
        "conflict",
        `Session ${sessionId} is ${this.resuming.has(sessionId) ? "being resumed" : session.status}; only a paused session can be resumed.`,
        {
          status: session.status,
        },
      );
    }
    this.resuming.add(sessionId);
    try {
      const definition = this.definition(session.workflow);
      const graph = this.graph(definition);
      // The pause this runner announced, else (after a restart) the one in the checkpoint.
      const pause = this.announcedPauses.get(sessionId) ?? pauseFromSnapshot(await graph.getState(threadConfig(sessionId)));
      if (!pause) throw new ScriptoriumError("conflict", `Session ${sessionId} has no pending pause in its checkpoint.`);
      const parsed = definition.parseResume(pause, payload);
      // The status transition is the durable half of the exactly-once guard; `resumed` commits with
      // it or not at all (a lost race rolls both back). answerWritten fsyncs them with the answer.
      this.opts.events.append(sessionId, { type: "resumed", pausePoint: pause.pausePoint, action: actionName(parsed) }, () => {
        if (!this.opts.sessions.transition(sessionId, "paused", "running")) throw new ScriptoriumError("conflict", `Session ${sessionId} is no longer paused.`);
      });
      this.announcedPauses.delete(sessionId);
      this.launch(sessionId, definition, graph, new Command({ resume: parsed }));
      return { sessionId, status: "running" };
    } finally {
      this.resuming.delete(sessionId);
    }
  }

  /**
   * Run an errored or cancelled session again from its last checkpoint, as `recover()` does after a
   * crash: the failed step re-runs, finished ones (and a pending pause) are not redone. A weak model
   * failing its JSON three times, a full disk or an unreachable backend therefore never costs the
   * session. Refused (conflict) for a session that is running, paused or done.
   */
  async retry(sessionId: string): Promise<{ sessionId: string; status: SessionStatus }> {
    this.assertOpen();
    const session = this.requireSession(sessionId);
    const from = session.status;
    if ((from !== "error" && from !== "cancelled") || this.runs.has(sessionId)) {
      throw new ScriptoriumError("conflict", `Session ${sessionId} is ${from}; only an errored or cancelled session can be retried.`, { status: from });
    }
    if (!this.opts.sessions.transition(sessionId, from, "running")) throw new ScriptoriumError("conflict", `Session ${sessionId} is no longer ${from}.`);
    const definition = this.definition(session.workflow);
    const graph = this.graph(definition);
    const snapshot = await graph.getState(threadConfig(sessionId));
    const tuple = await this.opts.checkpointer.saver.getTuple(threadConfig(sessionId));
    const input = tuple ? null : definition.initialState(definition.contract.start.parse(this.opts.sessions.input(sessionId)));
    const pause = pauseFromSnapshot(snapshot);
    if (tuple && pause) {
      // Cancelled while paused: nothing to run, the pause is simply offered again.
      this.announcePause(sessionId, pause);
      return { sessionId, status: "paused" };
    }
    this.launch(sessionId, definition, graph, input);
    return { sessionId, status: "running" };
  }

  /** Session summary, pending pause (re-derived from the checkpoint), the workflow's status word and public values. */
  async state(sessionId: string): Promise<SessionState> {
    const session = this.requireSession(sessionId);
    const definition = this.opts.registry[session.workflow];
    if (!definition) return { session, pause: null, status: session.status, values: {} };
    return sessionState(session, definition, await this.graph(definition).getState(threadConfig(sessionId)));
  }

  /**
   * Write `update` into the session's checkpoint and send its graph to node `goto` (a pause, for
   * `documents.restore` / `documents.edit`): the run continues from there and pauses again with the
   * new state. Refused while the session runs.
   */
  async redirect(sessionId: string, update: Record<string, unknown>, goto: string): Promise<void> {
    this.assertOpen();
    const session = this.requireSession(sessionId);
    if (this.runs.has(sessionId) || this.resuming.has(sessionId) || session.status === "running") {
      throw new ScriptoriumError("conflict", `Session ${sessionId} is running; wait for a pause or cancel it first.`, { status: session.status });
    }
    const definition = this.definition(session.workflow);
    this.opts.sessions.setStatus(sessionId, "running");
    this.launch(sessionId, definition, this.graph(definition), new Command({ update, goto }));
  }

  /** Persist and publish an event for a session from outside its graph (e.g. `draft_ready` of a restore). */
  note(sessionId: string, draft: EventDraft): void {
    this.requireSession(sessionId);
    this.opts.events.append(sessionId, draft);
  }

  /** The values of a session's latest checkpoint. */
  async values(sessionId: string): Promise<Record<string, unknown>> {
    const session = this.requireSession(sessionId);
    const definition = this.definition(session.workflow);
    return (await this.graph(definition).getState(threadConfig(sessionId))).values ?? {};
  }

  /** The definition a session runs. */
  definitionOf(sessionId: string): WorkflowDefinition<any, any, any> {
    return this.definition(this.requireSession(sessionId).workflow);
  }

  /** The services of the workflow a session runs (what its definition's hooks are given). */
  servicesFor(sessionId: string): unknown {
    return this.opts.servicesOf(this.requireSession(sessionId).workflow);
  }

  /** Replay persisted events with seq > afterSeq, then live ones; returns the unsubscribe function. */
  subscribe(sessionId: string, afterSeq: number, listener: EventListener): () => void {
    return this.opts.hub.subscribe(sessionId, afterSeq, listener, (after) => this.opts.events.list(sessionId, after));
  }

  /** Persisted events with seq > afterSeq (buffered ones are flushed first). */
  events(sessionId: string, afterSeq: number): EngineEvent[] {
    this.requireSession(sessionId);
    this.opts.events.flush();
    return this.opts.events.list(sessionId, afterSeq);
  }

  /** Stop a running session (or drop a paused one); a finished session is left as it is. */
  async cancel(sessionId: string): Promise<void> {
    const session = this.requireSession(sessionId);
    const run = this.runs.get(sessionId);
    if (run) {
      run.controller.abort(new ScriptoriumError("aborted", "Cancelled."));
      await run.done;
      return;
    }
    if (session.status === "paused" || session.status === "running") {
      this.announcedPauses.delete(sessionId);
      this.journal.stoppedIdle(sessionId, session.status);
    }
  }

  /** Remove a session with its events, checkpoints, cache dir and (via onDelete) versions. */
  async delete(sessionId: string): Promise<void> {
    this.requireSession(sessionId);
    const run = this.runs.get(sessionId);
    if (run) {
      run.detached = true;
      run.controller.abort(new ScriptoriumError("aborted", "Session deleted."));
      await run.done;
    }
    this.announcedPauses.delete(sessionId);
    this.opts.events.deleteSession(sessionId);
    this.opts.onDelete?.(sessionId);
    this.opts.sessions.delete(sessionId);
    await this.opts.checkpointer.deleteThread(sessionId);
    fs.rmSync(path.join(this.opts.cacheRoot, safeSegment(sessionId)), { recursive: true, force: true });
  }

  /**
   * Continue sessions left `running` by a previous process (killed mid-step) from their last
   * checkpoint. Paused sessions need nothing: their pause is re-read from the checkpoint.
   */
  async recover(): Promise<string[]> {
    const recovered: string[] = [];
    for (const session of this.opts.sessions.listByStatus("running")) {
      if (this.runs.has(session.id)) continue;
      const definition = this.opts.registry[session.workflow];
      if (!definition) {
        this.opts.sessions.setStatus(session.id, "interrupted");
        continue;
      }
      const graph = this.graph(definition);
      const tuple = await this.opts.checkpointer.saver.getTuple(threadConfig(session.id));
      // No checkpoint at all: the process died before the first step was saved; start over.
      const input = tuple ? null : definition.initialState(definition.contract.start.parse(this.opts.sessions.input(session.id)));
      closeInterruptedSteps(this.opts.events, session.id);
      this.launch(session.id, definition, graph, input);
      recovered.push(session.id);
    }
    return recovered;
  }

  /** Whether a session's graph is executing in this process. */
  isActive(sessionId: string): boolean {
    return this.runs.has(sessionId);
  }

  /** Resolves when the session's current run (if any) has settled; for tests and adapters. */
  async settled(sessionId: string): Promise<void> {
    await this.runs.get(sessionId)?.done;
  }

  /**
   * Stop every run without changing its status (they stay `running` and continue on the next
   * start), then flush events. The caller closes the databases afterwards.
   */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    const grace = this.opts.shutdownGraceMs ?? 2000;
    const waits = [...this.runs.values()].map((run) => {
      run.detached = true;
      run.controller.abort(new ScriptoriumError("aborted", "Engine shutting down."));
      return Promise.race([run.done, new Promise<void>((resolve) => setTimeout(resolve, grace).unref())]);
    });
    await Promise.all(waits);
    this.opts.events.flush();
  }

  private launch(sessionId: string, definition: WorkflowDefinition<any, any, any>, graph: CompiledWorkflowGraph, input: unknown): void {
    const run: ActiveRun = { controller: new AbortController(), detached: false, done: Promise.resolve() };
    this.runs.set(sessionId, run);
    const scope = {
      sessionId,
      ...this.llmChoiceOf(sessionId),
      onThinkingCut: (info: { step: string; budgetTokens: number; tokens: number }) => this.opts.events.append(sessionId, { type: "thinking_cut", ...info }),
    };
    // Every model call of this run, however deep in its nodes, sees the session's own model.
    run.done = runInSessionScope(scope, () => this.drive(sessionId, definition, graph, input, run)).finally(() => this.release(sessionId, run));
  }

  /** The session's own model and 思考: remembered since start, else read from its `connected` event. */
  llmChoiceOf(sessionId: string): SessionLlmChoice {
    let choice = this.llmChoices.get(sessionId);
    if (!choice) {
      choice = connectedLlmChoice(this.opts.events.first(sessionId));
      this.llmChoices.set(sessionId, choice);
    }
    return choice;
  }

  private release(sessionId: string, run: ActiveRun): void {
    if (this.runs.get(sessionId) === run) this.runs.delete(sessionId);
  }

  private async drive(
    sessionId: string,
    definition: WorkflowDefinition<any, any, any>,
    graph: CompiledWorkflowGraph,
    input: unknown,
    run: ActiveRun,
  ): Promise<void> {
    const signal = run.controller.signal;
    try {
      const outcome = await streamRun(graph, input, {
        sessionId,
        signal,
        journal: this.journal,
        recursionLimit: this.opts.recursionLimit ?? 100,
        maxConcurrency: this.opts.settings().sequences,
      });
      // Checkpoints of a running graph commit without an fsync each (Checkpointer); the pause or
      // end announced below is a FULL commit to the same WAL, which makes them durable with it,
      // together with the events still buffered (they commit in its transaction).
      // Leave the active set before announcing the end, so a client that resumes on `await_user` is not refused.
      this.release(sessionId, run);
      if (outcome.pause) this.announcePause(sessionId, outcome.pause);
      else this.journal.finished(sessionId, definition, outcome.values);
    } catch (error) {
      if (run.detached) return;
      this.release(sessionId, run);
      this.journal.failed(sessionId, error, signal.aborted);
    }
  }

  /** Announce a pause; remembered until answered, so a resume need not read the checkpoint back. */
  private announcePause(sessionId: string, pause: PauseRequest): void {
    this.announcedPauses.set(sessionId, pause);
    this.journal.paused(sessionId, pause);
  }

  private definition(workflow: string): WorkflowDefinition<any, any, any> {
    return this.graphs.definition(workflow);
  }

  private graph(definition: WorkflowDefinition<any, any, any>): CompiledWorkflowGraph {
    return this.graphs.graph(definition);
  }

  private requireSession(sessionId: string) {
    const session = this.opts.sessions.get(sessionId);
    if (!session) throw new ScriptoriumError("not_found", `Unknown session ${sessionId}.`, { sessionId });
    return session;
  }

  private assertOpen(): void {
    if (this.disposed) throw new ScriptoriumError("unavailable", "The engine is shutting down.");
  }
}
