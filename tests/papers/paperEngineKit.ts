import { paperDeps } from "../../electron/engine/workflows/paper/PaperDeps.js";
import type { PlatformServices } from "../../electron/engine/workflows/WorkflowDefinition.js";
import fs from "node:fs";
import path from "node:path";
import type { EngineEvent } from "../../shared/events.js";
import type { PaperAnswer } from "../../shared/workflows/paper.js";
import { createEngine } from "../../electron/engine/createEngine.js";
import type { Engine } from "../../electron/engine/Engine.js";
import { PaperService } from "../../electron/engine/workflows/paper/library/PaperService.js";
import type { LlmClient } from "../../electron/engine/llm/LlmClient.js";
import { isTerminal, tempDataDir, waitForEvent } from "../../electron/engine/testing/engineTestKit.js";
import { HashEmbedder } from "../knowledge/HashEmbedder.js";

/** A real engine (SQLite, checkpoints, LanceDB) with the given LLM and the hash embedder. */
export async function paperEngine(llm: LlmClient, dataDir = tempDataDir("paper-engine-")): Promise<{ engine: Engine; dataDir: string; papers: PaperService }> {
  let papers: PaperService | undefined;
  const engine = await createEngine({
    dataDir,
    llm,
    workflowServices: {
      paper: (context: PlatformServices) => paperDeps(context, (papers = new PaperService({ dataDir, modelsDir: path.join(dataDir, "models"), db: context.db, settings: context.settings, llm: () => llm, embedder: new HashEmbedder(64) }))),
    },
  });
  return { engine, dataDir, papers: papers! };
}

/** Writes `bytes` as `name` in the data dir and imports it; returns its doc_id. */
export async function importBytes(engine: Engine, dataDir: string, name: string, bytes: Uint8Array | string): Promise<string> {
  const file = path.join(dataDir, "files", name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  const { papers } = await engine.call("paper.import", { paths: [file] });
  return papers[0]!.doc_id;
}

/** Runs until the session pauses, ends or fails; returns the events since `afterSeq`. */
export async function untilSettled(engine: Engine, sessionId: string, afterSeq = 0): Promise<EngineEvent[]> {
  return waitForEvent(engine, sessionId, (event) => isTerminal(event) && event.seq > afterSeq, afterSeq);
}

/** The answer of the last `paper_answer` event. */
export function lastAnswer(events: EngineEvent[]): PaperAnswer {
  const found = events.filter((event) => event.type === "paper_answer").at(-1);
  if (!found) throw new Error(`no paper_answer among ${events.map((e) => e.type).join(", ")}; error: ${JSON.stringify(events.find((e) => e.type === "error"))}`);
  return (found as unknown as { answer: PaperAnswer }).answer;
}

/** Steps that started, in order. */
export function steps(events: EngineEvent[]): string[] {
  return events.filter((event) => event.type === "step_start").map((event) => (event as unknown as { step: string }).step);
}
