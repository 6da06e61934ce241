import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { EngineEvent } from "../../shared/events.js";
import { isTerminal, waitForEvent } from "../../electron/engine/testing/engineTestKit.js";
import { writeFiles } from "../../electron/engine/testing/docgenTestKit.js";
import { buildPaperPdf } from "../papers/paperPdf.js";
import { dataDirIntegrity, eventLogProblems, lanceProblems, leftoverTempFiles } from "./helpers/dataChecks.js";
import { HttpApi } from "./helpers/httpApi.js";
import { REPO_ROOT, startServer, type ServerProcess } from "./helpers/serverProcess.js";
import { DOCGEN_CODE, KILL_POINT_LINE, buildWorkflowEngine, callsIn } from "./helpers/workflowScript.js";

/**
 * kill -9 inside the doc generator and the paper reader: the server (a child process, the
 * production adapter and engine wiring, a scripted model that answers from the prompt alone) stops
 * at a named point — inside the code scan, while sections are written, inside a module's review;
 * inside a paper import (while embedding, and after LanceDB took the chunks but before app.db did),
 * at each deep-read stage and inside the hallucination retry — is SIGKILLed there, and a new
 * server on the same data dir carries on. After every kill both databases pass
 * `PRAGMA integrity_check`; at the end LanceDB matches app.db, no temp file is left, the event log
 * is gap-free, and the result equals an uninterrupted run's with the same script.
 */
const WORKFLOW_SERVER = path.join(REPO_ROOT, "tests/reliability/helpers/workflowServerMain.ts");
const TOKEN = "workflow-crash-token";
/**
 * CI runs the kill points most likely to break (docgen: the scan and round 2's review; paper: the
 * gap between LanceDB and app.db, and the hallucination retry); `npm run test:chaos` (which sets
 * CHAOS_WORKFLOW_KILLS=all) runs every one: + docgen sections and a revise mid-round, + paper embedding,
 * extraction, analysis, synthesis.
 */
const ALL_KILLS = process.env.CHAOS_WORKFLOW_KILLS === "all";
// reviser.content_style:2 = inside round 1's revise, one rule group's plan back, the other's pending; the
// next process's reviewer call #2 is then round 2's review (its #1 is round 1's).
const DOCGEN_KILLS = ALL_KILLS ? ["scanner.action:2", "writer.section:2", "reviser.content_style:2", "reviewer.content_style:2"] : ["scanner.action:2", "reviewer.content_style:3"];
const IMPORT_KILLS = ALL_KILLS ? ["embed:1", "paper.insert:1"] : ["paper.insert:1"];
const READ_KILLS = ALL_KILLS ? ["paper.extraction:1", "paper.analysis:1", "paper.synthesis:1", "paper.synthesis:2"] : ["paper.synthesis:2"];
const dirs: string[] = [];
const servers: ServerProcess[] = [];

afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** One server process of a crash run, with what it printed. */
interface Life {
  server: ServerProcess;
  api: HttpApi;
  killAt: string | null;
}

async function boot(dataDir: string, killAt: string | null): Promise<Life> {
  const server = await startServer({ dataDir, token: TOKEN, entry: WORKFLOW_SERVER, extraArgs: killAt ? ["--kill-at", killAt] : [] });
  servers.push(server);
  return { server, api: new HttpApi(server.origin, TOKEN), killAt };
}

/** Resolves once the process printed its kill marker; fails if it exits first or never gets there. */
async function reachKillPoint(life: Life): Promise<void> {
  const marker = `${KILL_POINT_LINE} ${life.killAt}`;
  const deadline = Date.now() + 240_000;
  while (!life.server.output().includes(marker)) {
    if (life.server.child.exitCode !== null) throw new Error(`server exited before ${marker}:\n${life.server.output().slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`server never reached ${marker}:\n${life.server.output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** SIGKILL at the kill point; returns the integrity of both databases before any restart. */
async function killThere(life: Life): Promise<Record<string, string>> {
  await reachKillPoint(life);
  await life.server.kill9();
  return dataDirIntegrity(dataDirOf(life));
}

function dataDirOf(life: Life): string {
  const args = life.server.child.spawnargs;
  return args[args.indexOf("--data-dir") + 1]!;
}

/** Polls the session until `done(status)`; a failed or cancelled run fails the test with its error. */
async function untilStatus(api: HttpApi, sessionId: string, done: (status: string) => boolean): Promise<void> {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const state = await api.call("run.state", { sessionId });
    if (done(state.session.status)) return;
    if (state.session.status === "error" || state.session.status === "cancelled") throw new Error(`session ${state.session.status}: ${JSON.stringify(state.values).slice(0, 1000)}`);
    if (Date.now() > deadline) throw new Error(`session still ${state.session.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const sectionFiles = (dataDir: string, sessionId: string): number[] => {
  const dir = path.join(dataDir, "cache", sessionId);
  return fs.existsSync(dir) ? fs.readdirSync(dir).flatMap((f) => (/^section_(\d+)\.md$/.exec(f) ? [Number(f.slice(8, -3))] : [])).sort() : [];
};

describe("kill -9 inside the doc generator", () => {
  it(`kills at ${DOCGEN_KILLS.join(", ")} (scan, sections, a revise mid-round, round 2's review): the same document as uninterrupted, no section rewritten, the breaker still at 3`, async () => {
    const code = writeFiles(tempDir("docgen-crash-code-"), DOCGEN_CODE);
    const input = { input_mode: "code" as const, topic: "demo-cli 说明", source_path: code };
    const dataDir = tempDir("docgen-crash-");
    const integrity: Array<Record<string, string>> = [];
    const lives: Life[] = [];
    /** Per kill: the sections whose file existed when the process died. */
    const finishedAt: number[][] = [];

    lives.push(await boot(dataDir, DOCGEN_KILLS[0]!));
    const { sessionId } = await lives[0]!.api.call("run.start", { workflow: "docgen", input });
    for (const killAt of [...DOCGEN_KILLS.slice(1), null]) {
      integrity.push(await killThere(lives.at(-1)!));
      finishedAt.push(sectionFiles(dataDir, sessionId));
      lives.push(await boot(dataDir, killAt));
    }
    const last = lives.at(-1)!;
    await untilStatus(last.api, sessionId, (s) => s === "done");
    const state = await last.api.call("run.state", { sessionId });
    const values = state.values as Record<string, any>;
    const events = (await last.api.call("events.list", { sessionId, afterSeq: 0 })).events;
    const { versions } = await last.api.call("documents.versions", { sessionId });
    const finalDoc = (await last.api.call("documents.version", { sessionId, number: Math.max(...versions.map((v) => v.number)) })).markdown;
    await last.server.stop();

    // The uninterrupted run with the same script, in-process on a fresh data dir.
    const refDir = tempDir("docgen-crash-ref-");
    const refCalls: string[] = [];
    const ref = await buildWorkflowEngine({ dataDir: refDir, say: (line) => refCalls.push(line) });
    const refStart = await ref.call("run.start", { workflow: "docgen", input });
    await waitForEvent(ref, refStart.sessionId, isTerminal);
    const refValues = (await ref.call("run.state", { sessionId: refStart.sessionId })).values as Record<string, any>;
    const refVersions = (await ref.call("documents.versions", { sessionId: refStart.sessionId })).versions;
    const refDoc = (await ref.call("documents.version", { sessionId: refStart.sessionId, number: Math.max(...refVersions.map((v) => v.number)) })).markdown;
    await ref.dispose();

    for (const check of integrity) expect(check).toEqual({ "app.db": "ok" });
    expect(values.status ?? state.session.status).toBe("done");
    expect(values.current_draft).toBe(refValues.current_draft);
    expect(finalDoc).toBe(refDoc);
    expect(values.current_draft).not.toContain("贼好用");
    // iteration_counts survived the kill inside round 2's review: the breaker tripped at 3, as uninterrupted.
    expect(values.iteration_counts.content_style).toBe(3);
    expect(values.modules.find((m: any) => m.key === "content_style")).toMatchObject({ rounds: 3, breaker: true, status: "breaker" });
    expect(events.filter((e) => e.type === "module_breaker")).toHaveLength(1);

    const calls = lives.map((life) => callsIn(life.server.output()));
    const count = (list: Array<{ key: string }>, key: string) => list.filter((c) => c.key === key).length;
    const refList = callsIn(refCalls.join("\n"));
    // The reviser ran exactly as often as in the uninterrupted run (counts not reset → no extra rounds),
    // plus the two group calls of the revise round that was killed and re-run.
    const rerunRevise = DOCGEN_KILLS.includes("reviser.content_style:2") ? 2 : 0;
    expect(calls.flat().filter((c) => c.key === "reviser.content_style").length).toBe(count(refList, "reviser.content_style") + rerunRevise);
    // No section whose file existed at a kill was written again by a later process.
    finishedAt.forEach((finished, k) => {
      const later = calls.slice(k + 1).flat().filter((c) => c.key === "writer.section").map((c) => c.index);
      for (const index of finished) expect(later, `section ${index} rewritten after kill ${k + 1}`).not.toContain(index);
    });
    expect(finishedAt.at(-1)).toEqual([0, 1, 2]);
    // After the kill in the review, the last process used the WIP draft: no writer, no scanner call at all.
    expect(calls.at(-1)!.filter((c) => c.key.startsWith("writer.") || c.key.startsWith("scanner."))).toEqual([]);
    // After the kill while sections were written: no scan and no outline again, only the missing sections.
    if (ALL_KILLS) expect(calls[2]!.filter((c) => c.key.startsWith("scanner.") || c.key === "writer.outline")).toEqual([]);

    expect(eventLogProblems(events)).toEqual([]);
    expect(events.at(-1)?.type).toBe("done");
    expect(dataDirIntegrity(dataDir)).toEqual({ "app.db": "ok" });
    expect(await lanceProblems(dataDir)).toEqual([]);
    expect(leftoverTempFiles(dataDir)).toEqual([]);
  }, 900_000);
});

/** Answers and pauses of one paper session, from its event log. */
const answersOf = (events: EngineEvent[]) => events.filter((e) => e.type === "paper_answer").map((e) => (e as unknown as { answer: { answer: string; intent: string } }).answer);

describe("kill -9 inside the paper reader", () => {
  it(`kills at ${[...IMPORT_KILLS, ...READ_KILLS].join(", ")} (import; deep-read stages; the hallucination retry = synthesis:2): all or nothing, history intact, same answer`, async () => {
    const dataDir = tempDir("paper-crash-");
    const pdf = path.join(tempDir("paper-crash-files-"), "sparse.pdf");
    fs.writeFileSync(pdf, await buildPaperPdf());
    const integrity: Array<Record<string, string>> = [];
    const lives: Life[] = [];

    // Two kills inside the import: nothing of the paper may survive either.
    for (const killAt of IMPORT_KILLS) {
      const life = await boot(dataDir, killAt);
      lives.push(life);
      expect((await life.api.call("paper.list", {})).papers).toEqual([]);
      void life.api.call("paper.import", { paths: [pdf] }).catch(() => undefined);
      integrity.push(await killThere(life));
      // The second kill landed between the two stores: LanceDB holds chunks app.db never got.
      const problems = await lanceProblems(dataDir);
      if (killAt === "embed:1") expect(problems).toEqual([]);
      else expect(problems).toEqual([expect.stringMatching(/^paper p[0-9a-f]{12}: \d+ chunks in LanceDB, 0 in app\.db$/)]);
    }
    let life = await boot(dataDir, READ_KILLS[0]!);
    lives.push(life);
    expect((await life.api.call("paper.list", {})).papers).toEqual([]);
    const docId = (await life.api.call("paper.import", { paths: [pdf] })).papers[0]!.doc_id;
    // The orphans of the killed import are gone, and the re-import is not doubled.
    expect(await lanceProblems(dataDir)).toEqual([]);
    const { sessionId } = await life.api.call("run.start", { workflow: "paper", input: { doc_id: docId, user_query: "How many attention layers?" } });
    await untilStatus(life.api, sessionId, (s) => s === "paused");
    const deepRead = { action: "ask", question: "深度阅读这篇论文", forced_intent: "deep_read" } as const;
    await life.api.call("run.resume", { sessionId, payload: deepRead });
    const histories: number[] = [];
    for (const killAt of [...READ_KILLS.slice(1), null]) {
      integrity.push(await killThere(life));
      life = await boot(dataDir, killAt);
      lives.push(life);
      // The first exchange is in the history, once, after every kill. Not read on the last boot:
      // with no kill point its recovered deep read may already have stored the second exchange.
      if (killAt !== null) histories.push((await life.api.call("paper.history", { sessionId })).messages.length);
    }
    await untilStatus(life.api, sessionId, (s) => s === "paused");
    const history = (await life.api.call("paper.history", { sessionId })).messages;
    const state = await life.api.call("run.state", { sessionId });
    const events = (await life.api.call("events.list", { sessionId, afterSeq: 0 })).events;
    await life.api.call("run.resume", { sessionId, payload: { action: "end" } });
    await untilStatus(life.api, sessionId, (s) => s === "done");
    const allEvents = (await life.api.call("events.list", { sessionId, afterSeq: 0 })).events;
    await life.server.stop();

    const refDir = tempDir("paper-crash-ref-");
    const ref = await buildWorkflowEngine({ dataDir: refDir, say: () => undefined });
    const refDoc = (await ref.call("paper.import", { paths: [pdf] })).papers[0]!.doc_id;
    const refRun = await ref.call("run.start", { workflow: "paper", input: { doc_id: refDoc, user_query: "How many attention layers?" } });
    let refEvents = await waitForEvent(ref, refRun.sessionId, isTerminal);
    await ref.call("run.resume", { sessionId: refRun.sessionId, payload: deepRead });
    refEvents = await waitForEvent(ref, refRun.sessionId, (e) => isTerminal(e) && e.seq > refEvents.at(-1)!.seq, refEvents.at(-1)!.seq);
    const refAnswers = answersOf((await ref.call("events.list", { sessionId: refRun.sessionId, afterSeq: 0 })).events);
    const refHistory = (await ref.call("paper.history", { sessionId: refRun.sessionId })).messages;
    await ref.dispose();

    for (const check of integrity) expect(check).toEqual({ "app.db": "ok" });
    expect(histories).toEqual(READ_KILLS.slice(1).map(() => 2));
    expect(history.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(history.map((m) => m.message.text)).toEqual(refHistory.map((m) => m.message.text));
    expect((state.values.conversation_history as unknown[]).length).toBe(4);
    expect(state.values.halluc_iteration).toBe(1);
    const answers = answersOf(events);
    expect(answers.map((a) => a.intent)).toEqual(["chat", "deep_read"]);
    expect(answers.map((a) => a.answer)).toEqual(refAnswers.map((a) => a.answer));
    expect(answers[1]!.answer).toContain("91.3%");

    // Each stage ran to its end once after the process it died in: the killed calls were re-made, nothing else.
    const calls = lives.map((l) => callsIn(l.server.output()).map((c) => c.key));
    expect(calls.flat().filter((k) => k === "paper.extraction")).toHaveLength(1 + (READ_KILLS.includes("paper.extraction:1") ? 1 : 0));
    expect(calls.flat().filter((k) => k === "paper.analysis")).toHaveLength(1 + (READ_KILLS.includes("paper.analysis:1") ? 1 : 0));
    expect(calls.flat().filter((k) => k === "paper.synthesis")).toHaveLength(2 + READ_KILLS.filter((k) => k.startsWith("paper.synthesis")).length);
    expect(calls.flat().filter((k) => k === "paper.chat")).toHaveLength(1);

    expect(eventLogProblems(allEvents)).toEqual([]);
    expect(allEvents.at(-1)?.type).toBe("done");
    expect(dataDirIntegrity(dataDir)).toEqual({ "app.db": "ok" });
    expect(await lanceProblems(dataDir)).toEqual([]);
    expect(leftoverTempFiles(dataDir)).toEqual([]);
  }, 900_000);
});
