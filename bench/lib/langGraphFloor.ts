import fs from "node:fs";
import path from "node:path";
import { Annotation, END, START, StateGraph } from "@langchain/langgraph";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import Database from "better-sqlite3";
import { median } from "./sideBySide.js";

const STEPS = 12;
/** Channels in the bare graph's state, about as many as the article's and docgen's states have. */
const CHANNELS = 20;

/**
 * What LangGraph itself costs per superstep on this machine right now: a bare graph shaped like
 * the workflows (`STEPS` nodes that do nothing, every other one left by a conditional edge, a state
 * of `CHANNELS` reducer channels) run to the end with the runner's settings (SqliteSaver on a WAL
 * database with `synchronous=NORMAL`, `durability: "sync"`, the runner's stream modes). A workflow
 * run costs at least its supersteps times this, whatever its nodes do; the workflow bench prints it
 * beside the overhead so that a slow phase of the machine can be told from a slower engine.
 */
export async function langGraphStepFloorMs(dir: string, runs = 20): Promise<number> {
  const file = path.join(dir, `floor-${process.pid}.db`);
  const db = new Database(file);
  try {
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    const last = () => Annotation<string>({ reducer: (_previous, next) => next, default: () => "" });
    const channels = Object.fromEntries(Array.from({ length: CHANNELS - 1 }, (_, i) => [`c${i}`, last()]));
    const State = Annotation.Root({ n: Annotation<number>({ reducer: (_previous, next) => next, default: () => 0 }), ...channels });
    const graph = new StateGraph(State);
    const names = Array.from({ length: STEPS }, (_, i) => `n${i}`);
    // One builder chain, since StateGraph's node names are part of its type.
    let builder: any = graph;
    for (const name of names) builder = builder.addNode(name, (state: { n: number }) => ({ n: state.n + 1 }));
    builder.addEdge(START, names[0]);
    for (let i = 0; i < STEPS - 1; i++) {
      const next = names[i + 1]!;
      if (i % 2) builder.addConditionalEdges(names[i], () => next, [next]);
      else builder.addEdge(names[i], next);
    }
    builder.addEdge(names[STEPS - 1], END);
    const app = builder.compile({ checkpointer: new SqliteSaver(db) });
    const once = async (thread: string): Promise<number> => {
      const started = performance.now();
      const stream = await app.stream({ n: 0, c0: "正文".repeat(500) }, { configurable: { thread_id: thread }, streamMode: ["custom", "updates"], durability: "sync" });
      for await (const _chunk of stream) {
        // drain
      }
      return performance.now() - started;
    };
    // Warm up as the engine's own runs are warm: the first runs compile and tier up LangGraph's code.
    for (let i = 0; i < 5; i++) await once(`warm-${i}`);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await once(`run-${i}`));
    return median(times) / STEPS;
  } finally {
    db.close();
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
  }
}

/** Supersteps LangGraph ran for a session: its checkpoints written by the loop (not the input ones). */
export function loopSupersteps(checkpointsDb: string, sessionId: string): number {
  const db = new Database(checkpointsDb, { readonly: true });
  try {
    const rows = db.prepare("SELECT metadata FROM checkpoints WHERE thread_id = ?").all(sessionId) as Array<{ metadata: Buffer | string }>;
    return rows.filter((row) => (JSON.parse(row.metadata.toString()) as { source?: string }).source === "loop").length;
  } finally {
    db.close();
  }
}
