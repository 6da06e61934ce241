import fs from "node:fs";
import path from "node:path";
import { Annotation, Command, END, START, StateGraph, interrupt } from "@langchain/langgraph";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import Database from "better-sqlite3";
import { median } from "./sideBySide.js";

const STEPS = 12;
/** Channels in the bare graphs' state, about as many as the article's and docgen's states have. */
const CHANNELS = 20;
/** The runner's stream settings (WorkflowRunner.drive). */
const STREAM = { streamMode: ["custom", "updates"] as Array<"custom" | "updates">, durability: "sync" as const };

/** What LangGraph alone costs on this machine right now, measured on bare graphs of no-op nodes. */
export interface LangGraphFloor {
  /** Median ms per superstep of a run from start to end. */
  stepMs: number;
  /** Median ms from resuming a paused graph (`Command({ resume })`) to the start of its next node. */
  resumeMs: number;
  /**
   * Median ms of one durable commit (`synchronous=FULL`: an fsync of the WAL) of a small row on the
   * same disk now: what the app adds at each pause (`await_user`) and resume (the answer) by design.
   */
  durableCommitMs: number;
}

/**
 * Bare graphs shaped like the workflows — no-op nodes, every other one left by a conditional edge,
 * a state of `CHANNELS` reducer channels, a pause node that only calls `interrupt` — run with the
 * runner's settings: SqliteSaver on a WAL database with `synchronous=NORMAL`, `durability: "sync"`,
 * the runner's stream modes. A workflow run costs at least its supersteps times `stepMs` plus its
 * resumes times `resumeMs`, whatever its nodes do. The workflow benches print this beside their
 * overhead, so that a slow phase of the machine can be told from a slower engine.
 */
export async function langGraphFloor(dir: string, runs = 20): Promise<LangGraphFloor> {
  const sampler = await FloorSampler.open(dir);
  try {
    const samples: LangGraphFloor[] = [];
    for (let i = 0; i < runs; i++) samples.push(await sampler.sample());
    return medianFloor(samples);
  } finally {
    sampler.close();
  }
}

/** Each field's median over `samples`. */
export function medianFloor(samples: LangGraphFloor[]): LangGraphFloor {
  return {
    stepMs: median(samples.map((s) => s.stepMs)),
    resumeMs: median(samples.map((s) => s.resumeMs)),
    durableCommitMs: median(samples.map((s) => s.durableCommitMs)),
  };
}

/**
 * The floor's graphs compiled once on one database, warmed up, and timed one sample at a time, so
 * that a bench can take a floor sample right after each run it measures (A B A B …): on a shared
 * machine the load moves from minute to minute, and a floor timed after all the runs read the app
 * at 1.6–5.6 × it on the same code within an hour.
 */
export class FloorSampler {
  private label = 0;

  private constructor(
    private readonly file: string,
    private readonly db: Database.Database,
    private readonly step: (label: string) => Promise<number>,
    private readonly resume: (label: string) => Promise<number>,
    private readonly commit: (i: number) => number,
  ) {}

  static async open(dir: string): Promise<FloorSampler> {
    const file = path.join(dir, `floor-${process.pid}-${Date.now()}.db`);
    const db = new Database(file);
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    const saver = new SqliteSaver(db);
    const sampler = new FloorSampler(file, db, stepRun(saver), resumeRun(saver), durableCommit(db));
    // Warm, as the engine's measured runs are (its first run is reported apart).
    for (let i = 0; i < 3; i++) await sampler.sample();
    return sampler;
  }

  /** One timing of each: a 12-step run (ms per superstep), a resume, a durable commit. */
  async sample(): Promise<LangGraphFloor> {
    const label = `s${this.label++}`;
    return { stepMs: (await this.step(label)) / STEPS, resumeMs: await this.resume(label), durableCommitMs: this.commit(this.label) };
  }

  close(): void {
    this.db.close();
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(this.file + suffix, { force: true });
  }
}

/**
 * Supersteps LangGraph ran for a session: its latest checkpoint's `step` + 1 (the loop numbers its
 * checkpoints 0, 1, 2 … across resumes, after one input checkpoint at -1). Read from the latest
 * alone, since an ended run keeps only that one (Checkpointer.pruneHistory).
 */
export function loopSupersteps(appDbFile: string, sessionId: string): number {
  const db = new Database(appDbFile, { readonly: true });
  try {
    const row = db.prepare("SELECT metadata FROM checkpoints WHERE thread_id = ? ORDER BY checkpoint_id DESC LIMIT 1").get(sessionId) as { metadata: Buffer | string } | undefined;
    const meta = row ? (JSON.parse(row.metadata.toString()) as { source?: string; step?: number }) : null;
    return meta?.source === "loop" && typeof meta.step === "number" ? meta.step + 1 : 0;
  } finally {
    db.close();
  }
}

/** A state of reducer channels with defaults, as the workflows' `last(…)` annotations are. */
function floorState() {
  const last = () => Annotation<string>({ reducer: (_previous, next) => next, default: () => "" });
  const channels = Object.fromEntries(Array.from({ length: CHANNELS - 2 }, (_, i) => [`c${i}`, last()]));
  return Annotation.Root({
    n: Annotation<number>({ reducer: (_previous, next) => next, default: () => 0 }),
    resume: Annotation<unknown>({ reducer: (_previous, next) => next, default: () => null }),
    ...channels,
  });
}

async function drain(stream: AsyncIterable<unknown>): Promise<void> {
  for await (const _chunk of stream) {
    // Only the run's end matters here.
  }
}

/** A run of STEPS no-op supersteps from start to end, timed in ms. */
function stepRun(saver: SqliteSaver): (label: string) => Promise<number> {
  const names = Array.from({ length: STEPS }, (_, i) => `n${i}`);
  // A loop cannot grow StateGraph's typed chain of node names, hence `any`.
  let builder: any = new StateGraph(floorState());
  for (const name of names) builder = builder.addNode(name, (state: { n: number }) => ({ n: state.n + 1 }));
  builder.addEdge(START, names[0]);
  for (let i = 0; i < STEPS - 1; i++) {
    const next = names[i + 1]!;
    if (i % 2) builder.addConditionalEdges(names[i], () => next, [next]);
    else builder.addEdge(names[i], next);
  }
  builder.addEdge(names[STEPS - 1], END);
  const app = builder.compile({ checkpointer: saver });
  return async (label) => {
    const started = performance.now();
    await drain(await app.stream({ n: 0, c0: "正文".repeat(500) }, { configurable: { thread_id: `step-${label}` }, ...STREAM }));
    return performance.now() - started;
  };
}

/** One small row committed with `synchronous=FULL`, as the app's event log commits a pause or an answer; ms. */
function durableCommit(db: Database.Database): (i: number) => number {
  db.exec("CREATE TABLE IF NOT EXISTS durable (n INTEGER, json TEXT)");
  const insert = db.prepare("INSERT INTO durable (n, json) VALUES (?, ?)");
  return (i) => {
    db.pragma("synchronous = FULL");
    try {
      const started = performance.now();
      db.transaction(() => insert.run(i, JSON.stringify({ type: "await_user", seq: i })))();
      return performance.now() - started;
    } finally {
      db.pragma("synchronous = NORMAL");
    }
  };
}

/**
 * A pause as the workflows make one, left by a conditional edge. Resuming re-opens the graph stream,
 * loads the checkpoint, re-runs the pause node (whose `interrupt` now returns the answer) and
 * routes on; timed until the next node starts.
 */
function resumeRun(saver: SqliteSaver): (label: string) => Promise<number> {
  let nextStarted = 0;
  const app = new StateGraph(floorState())
    .addNode("work", (state: { n: number }) => ({ n: state.n + 1, c0: "正文".repeat(500) }))
    .addNode("pause", () => ({ resume: interrupt({ pausePoint: "confirm" }) }))
    .addNode("next", (state: { n: number }) => {
      nextStarted = performance.now();
      return { n: state.n + 1 };
    })
    .addEdge(START, "work")
    .addEdge("work", "pause")
    .addConditionalEdges("pause", () => "next", ["next"])
    .addEdge("next", END)
    .compile({ checkpointer: saver });
  return async (label) => {
    const config = { configurable: { thread_id: `resume-${label}` }, ...STREAM };
    await drain(await app.stream({ n: 0 }, config));
    const resumed = performance.now();
    await drain(await app.stream(new Command({ resume: { action: "confirm" } }), config));
    return nextStarted - resumed;
  };
}
