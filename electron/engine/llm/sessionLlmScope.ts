import { AsyncLocalStorage } from "node:async_hooks";
import type { ThinkingMode } from "../../../shared/models.js";

/** The model a session was started on (brief §7.4: the LLM is built per session), and its 思考. */
export interface SessionLlmChoice {
  /** An installed GGUF (llama.cpp) or a model the configured server lists; absent = the app's chat model. */
  model?: string;
  thinking?: ThinkingMode;
}

/** What the LLM router sees of the session whose run makes a call. */
export interface SessionLlmScope extends SessionLlmChoice {
  sessionId: string;
  /** A step's thought hit its budget: the runner puts it on the session's timeline. */
  onThinkingCut?: (info: { step: string; budgetTokens: number; tokens: number }) => void;
}

/** What `step_tokens` reports of a running step. */
export interface StepTokens {
  step: string;
  tokens: number;
  elapsedMs: number;
  tokensPerSecond: number;
  maxTokens?: number;
  remainingMs?: number;
}

/** The running count of one step's model calls; StepTokenMeter keeps it. */
export interface StepTally {
  readonly step: string;
  /** Where the step's reports go: its node's event stream, so they sit between its step_start and step_done. */
  readonly report: (info: StepTokens) => void;
  /** Tokens of the step's finished calls plus the chunks streamed by the running ones. */
  tokens: number;
  /** Sum of the budgets of the calls begun so far; 0 while none set one. */
  maxTokens: number;
  /** performance.now() when the first call began; null before. */
  firstCallAt: number | null;
  /** performance.now() of the last report. */
  lastReportAt: number;
}

const storage = new AsyncLocalStorage<SessionLlmScope>();

/**
 * Run a session's graph inside its scope: every model call the run makes, however deep in its
 * nodes, goes to the session's own model, so two sessions on two models never switch each other's.
 */
export function runInSessionScope<T>(scope: SessionLlmScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/** The scope of the session making the current call; undefined outside a run (a selection rewrite, a test). */
export function currentSessionScope(): SessionLlmScope | undefined {
  return storage.getStore();
}

const steps = new AsyncLocalStorage<StepTally>();

/**
 * Run a timeline step's work inside its own tally, so each model call it makes (however deep)
 * counts toward that step, even while steps of the same session run side by side.
 */
export function runInStepScope<T>(step: string, report: (info: StepTokens) => void, fn: () => T): T {
  return steps.run({ step, report, tokens: 0, maxTokens: 0, firstCallAt: null, lastReportAt: 0 }, fn);
}

/** The tally of the step the current call serves; undefined outside a step. */
export function currentStepTally(): StepTally | undefined {
  return steps.getStore();
}
