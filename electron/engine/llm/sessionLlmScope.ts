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
