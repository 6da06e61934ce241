import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTinyGguf } from "../fixtures/tinyGguf.js";
import type { EngineEvent } from "../../shared/events.js";
import { driveArticle, killPlan } from "./helpers/articleDriver.js";
import type { DriveArticleResult } from "./helpers/articleDriver.js";
import { dataDirIntegrity, draftSectionProblems, eventLogProblems, leftoverTempFiles, versionProblems } from "./helpers/dataChecks.js";
import { HttpApi } from "./helpers/httpApi.js";
import { PRODUCTION_SERVER, startServer } from "./helpers/serverProcess.js";
import type { ServerProcess } from "./helpers/serverProcess.js";
import { chaosCount, chaosSeed, randomInt, seededRandom } from "./helpers/seededRandom.js";
import { openSse } from "./helpers/sseClient.js";

/**
 * SIGKILL the server (a child process on a temp data dir, real llama.cpp on the tiny GGUF) at
 * seeded random points of an article session — during research, drafting, review and while
 * paused, judged from the SSE events seen so far — restart it on the same data dir, reconnect with
 * Last-Event-ID, and finish. CI: one session, 3 kills. `npm run test:chaos -- --runs 20` sets
 * CHAOS_CRASH_KILLS / CHAOS_CRASH_SESSIONS for more. Replay a failure with CHAOS_SEED=<printed seed>.
 */
const KILLS_PER_SESSION = chaosCount("CRASH_KILLS", 3);
const SESSIONS = chaosCount("CRASH_SESSIONS", 1);
const seed = chaosSeed();
const dirs: string[] = [];
const results: DriveArticleResult[] = [];
const servers: ServerProcess[] = [];

afterAll(async () => {
  for (const result of results) await result.server.stop();
  for (const server of servers) await server.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe(`crash and resume (seed ${seed}, ${SESSIONS} session(s) × ${KILLS_PER_SESSION} SIGKILLs)`, () => {
  for (let s = 0; s < SESSIONS; s++) {
    it(`session ${s + 1}: reaches done with every section, version and event intact`, async () => {
      const random = seededRandom(seed + s);
      const plan = killPlan(random, KILLS_PER_SESSION);
      console.log(`[crashResume] seed ${seed} session ${s + 1} plan ${JSON.stringify(plan)}`);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-crash-"));
      dirs.push(dataDir);
      const result = await driveArticle({
        dataDir,
        modelPath: await createTinyGguf(),
        token: "chaos-token-123456",
        kills: plan,
        serverArgs: ["--prose-tokens", "32"],
        log: (line) => console.log(`[crashResume] ${line}`),
        // Threshold 100 makes the editor reject, so the run visits all four pauses (review_confirm included).
        beforeStart: async (api) => {
          await api.call("settings.update", { article: { reviewThreshold: 100, maxRevisions: 1, weights: { facts: 0.4, logic: 0.3, language: 0.3 } } });
        },
      });
      results.push(result);
      const { api, sessionId } = result;

      // Every planned kill happened, and each crash left both databases sound.
      expect(result.unused).toEqual([]);
      expect(result.kills).toHaveLength(plan.length);
      for (const kill of result.kills) expect(kill.integrity).toEqual({ "app.db": "ok" });

      const state = await api.call("run.state", { sessionId });
      expect(state.session.status).toBe("done");
      const values = state.values as { draft: string; outline: { sections: Array<{ section_title: string }> } | null; final: boolean };
      expect(values.final).toBe(true);
      expect(values.outline).not.toBeNull();
      expect(draftSectionProblems(values.draft, values.outline?.sections.map((sec) => sec.section_title) ?? [])).toEqual([]);

      const versions = await versionProblems(api, sessionId);
      expect(versions.problems).toEqual([]);
      expect(versions.count).toBeGreaterThanOrEqual(1);

      const events = (await api.call("events.list", { sessionId, afterSeq: 0 })).events;
      expect(eventLogProblems(events)).toEqual([]);
      expect(events.at(-1)?.type).toBe("done");
      // What the client saw across reconnects is exactly the stored log: no gap, no repeat.
      expect(result.seen.map((e) => e.seq)).toEqual(events.map((e) => e.seq));
      expect(result.answers.map((a) => a.pausePoint)).toContain("review_confirm");

      await result.server.stop();
      expect(dataDirIntegrity(dataDir)).toEqual({ "app.db": "ok" });
      expect(leftoverTempFiles(path.join(dataDir, "cache"))).toEqual([]);
    }, 900_000);
  }
});

/** Collect a session's SSE events from `afterSeq` until `stop(event)` says so; resolves with them. */
function collect(server: ServerProcess, sessionId: string, afterSeq: number, stop: (event: EngineEvent) => boolean): Promise<EngineEvent[]> {
  return new Promise((resolve, reject) => {
    const got: EngineEvent[] = [];
    const connection = openSse(server.origin, server.token, sessionId, afterSeq, (event) => {
      got.push(event);
      if (stop(event)) {
        connection.close();
        resolve(got);
      }
    });
    void connection.finished.then((how) => {
      if (how !== "closed") reject(new Error(`stream ${how} after ${got.length} events:\n${server.output().slice(-2000)}`));
    }, reject);
  });
}

describe(`crash and resume on the production entry (seed ${seed})`, () => {
  it("electron/server/main.ts with --model: a chat run SIGKILLed mid-generation continues to done after restart", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-crash-prod-"));
    dirs.push(dataDir);
    const modelPath = await createTinyGguf();
    const token = "prod-crash-token-1234";
    const first = await startServer({ dataDir, token, modelPath, entry: PRODUCTION_SERVER });
    servers.push(first);
    const { sessionId } = await new HttpApi(first.origin, token).call("run.start", { workflow: "chat", input: { prompt: "tell a long story", maxTokens: 60 } });
    const killAtToken = randomInt(seededRandom(seed), 1, 5);
    let tokens = 0;
    const before = await collect(first, sessionId, 0, (event) => (event.type === "token" && ++tokens >= killAtToken) || event.type === "done" || event.type === "error");
    await first.kill9();
    expect(dataDirIntegrity(dataDir)).toEqual({ "app.db": "ok" });
    const lastSeen = before.at(-1)?.seq ?? 0;
    console.log(`[crashResume] production entry: SIGKILL after token #${killAtToken} (seq ${lastSeen}, last event ${before.at(-1)?.type})`);

    const second = await startServer({ dataDir, token, modelPath, entry: PRODUCTION_SERVER });
    servers.push(second);
    const isEnd = (event: EngineEvent) => event.type === "done" || event.type === "error";
    const after = before.some(isEnd) ? [] : await collect(second, sessionId, lastSeen, isEnd);
    const api = new HttpApi(second.origin, token);
    const events = (await api.call("events.list", { sessionId, afterSeq: 0 })).events;
    expect(eventLogProblems(events)).toEqual([]);
    expect([...before, ...after].map((e) => e.seq)).toEqual(events.map((e) => e.seq));
    expect(events.at(-1)?.type, JSON.stringify(events.at(-1))).toBe("done");
    expect((await api.call("run.state", { sessionId })).session.status).toBe("done");
    await second.stop();
    expect(dataDirIntegrity(dataDir)).toEqual({ "app.db": "ok" });
  }, 300_000);
});
