import fs from "node:fs";
import path from "node:path";
import type { EngineEvent } from "../../../shared/events.js";
import type { Engine } from "../Engine.js";
import { createEngine } from "../createEngine.js";
import type { LlmClient } from "../llm/LlmClient.js";
import { isTerminal, tempDataDir, waitForEvent } from "./engineTestKit.js";
import type { ScriptedCallOptions } from "./ScriptedLlm.js";

/** Clean section text per outline title: passes every mechanical check of the built-in guide. */
export function cleanSection(title: string): string {
  return `## ${title}\n\n本节说明${title}的要点。这个工具贼好用。`;
}

/** A scripted outline of `n` sections. */
export function outlineOf(n: number, title = "演示文档") {
  return { title, sections: Array.from({ length: n }, (_, i) => ({ title: `第${"一二三四五六七八"[i]}部分`, scope: `范围 ${i + 1}` })) };
}

/** The 0-based section index a section prompt asks for ("现在只写第 3 章…" → 2). */
export function sectionIndexOf(options: ScriptedCallOptions): number {
  const m = /现在只写第 (\d+) 章/.exec(options.prompt);
  return m ? Number(m[1]) - 1 : -1;
}

/** The 1-based line of the first line containing `text` in the numbered draft of a prompt. */
export function lineOf(options: ScriptedCallOptions, text: string): number {
  const line = options.prompt.split("\n").find((l) => /^\d{4}: /.test(l) && l.includes(text));
  return line ? Number(line.slice(0, 4)) : -1;
}

export async function docgenEngine(llm: LlmClient, dataDir = tempDataDir("docgen-")): Promise<{ engine: Engine; dataDir: string }> {
  const engine = await createEngine({ dataDir, llm, recover: false, eventFlushIntervalMs: 1 });
  return { engine, dataDir };
}

/** Start a docgen run and wait for its end (done / error / pause); returns the events. */
export async function runDocgen(engine: Engine, input: Record<string, unknown>): Promise<{ sessionId: string; events: EngineEvent[] }> {
  const { sessionId } = await engine.call("run.start", { workflow: "docgen", input } as never);
  const events = await waitForEvent(engine, sessionId, isTerminal);
  return { sessionId, events };
}

export function writeFiles(root: string, files: Record<string, string>): string {
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}
