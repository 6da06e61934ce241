import { ScriptoriumError } from "../../../shared/errors.js";
import type { LlmClient } from "../../../electron/engine/llm/LlmClient.js";
import type { LlmRouter } from "../../../electron/engine/llm/LlmRouter.js";
import { StudioLlm } from "./studioLlm.js";

/** Holds the sections' prose calls while `closed`; the test opens it or the run's abort ends the wait. */
export interface ProseGate {
  closed: boolean;
  /** Resolves when the first section call reached the gate. */
  reached: Promise<void>;
}

/** A gate; `closed` holds every section call until the process that made it shuts down. */
export function proseGate(closed: boolean): ProseGate & { arrive(): void } {
  let arrive = (): void => undefined;
  const reached = new Promise<void>((resolve) => (arrive = resolve));
  return { closed, reached, arrive };
}

/**
 * The article's LLM for the first-hour test: every section is written by the app's own router —
 * the production LlmRouter over the settings, so the prose comes from whichever GGUF the welcome
 * dialog made the chat model (none chosen: the run fails with model_missing, as a newcomer's did).
 * Structured steps (intent, keywords, outline, reviews) stay scripted: random tiny weights take
 * minutes to close a grammar-constrained JSON object.
 */
export function routerProseLlm(router: LlmRouter, gate: ProseGate & { arrive(): void }, proseTokens = 16): LlmClient & { dispose(): Promise<void> } {
  const script = new StudioLlm();
  return {
    get id() {
      return `router-prose:${router.id}`;
    },
    countTokens: (text) => script.countTokens(text),
    contextTokens: () => script.contextTokens(),
    generateStructured: (options) => script.generateStructured(options),
    async generateText(options) {
      if (options.tag?.step === "section") {
        gate.arrive();
        if (gate.closed) {
          await abortOf(options.signal);
          throw new ScriptoriumError("aborted", "Held section call ended by shutdown.");
        }
      }
      return router.generateText({ ...options, maxTokens: proseTokens, maxContinuations: 0 });
    },
    // The router is the engine's default one, which the engine leaves alone when an LLM is injected.
    dispose: () => router.dispose(),
  };
}

/** Resolves when `signal` aborts (never without one): a held call ends with the shutdown that aborts it. */
function abortOf(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!signal) return;
    if (signal.aborted) return resolve();
    signal.addEventListener("abort", () => resolve(), { once: true });
  });
}
