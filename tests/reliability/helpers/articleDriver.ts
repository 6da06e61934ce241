import type { PausePoint } from "../../../shared/workflows/article.js";
import type { EngineEvent } from "../../../shared/events.js";
import { dataDirIntegrity } from "./dataChecks.js";
import { HttpApi } from "./httpApi.js";
import { CHAOS_SERVER, startServer } from "./serverProcess.js";
import type { ServerProcess } from "./serverProcess.js";
import { randomInt } from "./seededRandom.js";
import { openSse } from "./sseClient.js";

/** Where in a run a kill may land. */
export const KILL_PHASES = ["research", "drafting", "review", "paused"] as const;
export type KillPhase = (typeof KILL_PHASES)[number];

/** SIGKILL the server at the `after`-th qualifying event of `phase` counted since the previous kill. */
export interface KillPoint {
  phase: KillPhase;
  after: number;
}

/** What happened at one kill. */
export interface KillRecord extends KillPoint {
  /** Last event seq the client had seen when it pulled the trigger. */
  atSeq: number;
  /** `PRAGMA integrity_check` of both databases right after the crash, before the restart. */
  integrity: Record<string, string>;
}

export interface DriveArticleOptions {
  dataDir: string;
  modelPath: string;
  token: string;
  kills: KillPoint[];
  /** The article request; default a short English analysis. */
  input?: Record<string, unknown>;
  /** Give up after this many ms; default 900 000. */
  timeoutMs?: number;
  log?: (line: string) => void;
  /** Server entry; default the crash-test entry (see helpers/chaosServerMain.ts). */
  entry?: string;
  /** Extra server arguments (see StartServerOptions.extraArgs). */
  serverArgs?: string[];
  /** Called once the first server is up (e.g. to change settings before the run starts). */
  beforeStart?: (api: HttpApi) => Promise<void>;
}

export interface DriveArticleResult {
  sessionId: string;
  /** Every event the client received over SSE, across reconnects, in order. */
  seen: EngineEvent[];
  kills: KillRecord[];
  /** Kill points that never came (their phase did not occur again). */
  unused: KillPoint[];
  /** Actions the client sent and the server accepted, in order. */
  answers: Array<{ pausePoint: string; action: string }>;
  /** The server that is still running at the end; the caller stops it. */
  server: ServerProcess;
  api: HttpApi;
}

/** The phases one article session passes through, in order (pauses: materials, outline, draft, review). */
const SESSION_PHASES: KillPhase[] = ["research", "paused", "paused", "drafting", "paused", "review", "paused"];

/**
 * A seeded kill plan of `count` points (at most one per phase of a session), in workflow order;
 * each fires at a random small offset into its phase.
 */
export function killPlan(random: () => number, count: number): KillPoint[] {
  const slots = SESSION_PHASES.map((_, i) => i);
  const chosen: number[] = [];
  while (chosen.length < Math.min(count, slots.length)) {
    const [slot] = slots.splice(randomInt(random, 0, slots.length - 1), 1);
    chosen.push(slot as number);
  }
  chosen.sort((a, b) => a - b);
  return chosen.map((slot, i) => {
    const phase = SESSION_PHASES[slot] as KillPhase;
    // A pause point is reached by counting the pauses since the previous kill.
    const previous = i === 0 ? -1 : (chosen[i - 1] as number);
    const pausesBetween = SESSION_PHASES.slice(previous + 1, slot + 1).filter((p) => p === "paused").length;
    return { phase, after: phase === "paused" ? pausesBetween : phase === "drafting" ? randomInt(random, 1, 30) : randomInt(random, 1, 3) };
  });
}

/** The action the driver answers each pause with: confirm, confirm, to_editor (then finalize), force_finalize. */
export function actionFor(pausePoint: PausePoint, draftConfirmsAnswered: number): { action: string } {
  switch (pausePoint) {
    case "material_confirm":
      return { action: "confirm" };
    case "outline_confirm":
      return { action: "confirm" };
    case "draft_confirm":
      return { action: draftConfirmsAnswered === 0 ? "to_editor" : "finalize" };
    case "review_confirm":
      return { action: "force_finalize" };
  }
}

/**
 * Run one article session over HTTP against a child-process server, SIGKILLing it at the planned
 * points (judged from the SSE events seen so far), restarting it on the same data dir, reconnecting
 * with Last-Event-ID and answering pauses from the session state, until the session is done.
 */
export async function driveArticle(options: DriveArticleOptions): Promise<DriveArticleResult> {
  const log = options.log ?? (() => undefined);
  const deadline = Date.now() + (options.timeoutMs ?? 900_000);
  const pending = [...options.kills];
  const kills: KillRecord[] = [];
  const answers: Array<{ pausePoint: string; action: string }> = [];
  const seen: EngineEvent[] = [];
  const start = () =>
    startServer({
      dataDir: options.dataDir,
      modelPath: options.modelPath,
      token: options.token,
      entry: options.entry ?? CHAOS_SERVER,
      extraArgs: options.serverArgs ?? [],
    });

  let server = await start();
  let api = new HttpApi(server.origin, server.token);
  await options.beforeStart?.(api);
  const started = await api.request("POST", "/api/ai-writing/start", options.input ?? { intent: "Why local AI writing tools matter", locale: "en", word_count_target: 200 });
  if (started.status !== 200) throw new Error(`start failed: ${started.text}`);
  const sessionId = (started.body as { session_id: string }).session_id;
  log(`session ${sessionId}`);

  let lastSeq = 0;
  let agent: string | null = null;
  let counter = 0;
  let draftConfirms = 0;
  let finished = false;

  /** Answer the session's pause, if it has one now; a conflict means someone (we) already did. */
  const answerIfPaused = async (): Promise<void> => {
    const state = await api.call("run.state", { sessionId });
    if (state.session.status !== "paused" || !state.pause) return;
    const pausePoint = state.pause.pausePoint as PausePoint;
    const payload = actionFor(pausePoint, draftConfirms);
    const answer = await api.request("POST", `/api/ai-writing/${sessionId}/resume`, payload);
    if (answer.status === 200) {
      answers.push({ pausePoint, action: payload.action });
      if (pausePoint === "draft_confirm") draftConfirms++;
      log(`answered ${pausePoint} with ${payload.action}`);
    } else if (answer.status !== 409) throw new Error(`resume at ${pausePoint} answered ${answer.status}: ${answer.text}`);
  };

  /** Whether this event completes the current kill point. */
  const triggers = (event: EngineEvent): boolean => {
    const target = pending[0];
    if (!target) return false;
    const qualifies =
      (target.phase === "research" && agent === "researcher") ||
      (target.phase === "drafting" && event.type === "draft_chunk") ||
      (target.phase === "review" && agent === "editor" && event.type !== "await_user") ||
      (target.phase === "paused" && event.type === "await_user");
    if (qualifies) counter++;
    // A phase shorter than the chosen offset (few chunks from a terse model) ends at its pause: fire there.
    const phaseOver = target.phase !== "paused" && counter > 0 && event.type === "await_user";
    return (qualifies && counter >= target.after) || phaseOver;
  };

  while (!finished) {
    if (Date.now() > deadline) throw new Error(`article run did not finish in time; last events: ${JSON.stringify(seen.slice(-3))}`);
    const queue: EngineEvent[] = [];
    let wake: (() => void) | null = null;
    let streamOver = false;
    const connection = openSse(server.origin, server.token, sessionId, lastSeq, (event) => {
      queue.push(event);
      wake?.();
    });
    void connection.finished.then(
      () => {
        streamOver = true;
        wake?.();
      },
      () => {
        streamOver = true;
        wake?.();
      },
    );
    // After a (re)connect the pause may predate what the replay shows (killed between status and event).
    await answerIfPaused();
    let killed = false;
    while (!killed && !finished) {
      if (!queue.length && !streamOver) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 5_000).unref();
        });
        wake = null;
      }
      if (Date.now() > deadline) break;
      const event = queue.shift();
      if (!event) {
        if (streamOver) throw new Error(`event stream ended unexpectedly after seq ${lastSeq}:\n${server.output().slice(-2000)}`);
        continue;
      }
      seen.push(event);
      lastSeq = event.seq;
      if (event.type === "step_start") agent = event.agent;
      if (event.type === "error") throw new Error(`session failed: ${JSON.stringify(event.error)}\n${server.output().slice(-2000)}`);
      if (event.type === "done") {
        finished = true;
        break;
      }
      if (triggers(event)) {
        const target = pending.shift() as KillPoint;
        counter = 0;
        connection.close();
        await server.kill9();
        const integrity = dataDirIntegrity(options.dataDir);
        kills.push({ ...target, atSeq: lastSeq, integrity });
        log(`SIGKILL at seq ${lastSeq} (${target.phase} #${target.after}); integrity ${JSON.stringify(integrity)}`);
        server = await start();
        api = new HttpApi(server.origin, server.token);
        killed = true;
        break;
      }
      if (event.type === "await_user") await answerIfPaused();
    }
    connection.close();
  }
  return { sessionId, seen, kills, unused: pending, answers, server, api };
}
