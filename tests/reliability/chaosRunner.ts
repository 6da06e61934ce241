/**
 * `npm run test:chaos -- [--runs N] [--seed S] [--only crash,workflows,abort,payloads,faults,properties,offline,sse,routes,secrets,disk,corrupt,load,mcp]`
 *
 * Runs the reliability tests (the same files `npm test` runs) with larger, seeded counts:
 * N SIGKILL points spread over ceil(N/4) article sessions (4 kills each), max(20, 5·N) aborts,
 * max(200, 50·N) malformed payloads per HTTP route and twice that per IPC channel. The seed is
 * printed first; pass it back with --seed to replay a failure.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { REPO_ROOT } from "./helpers/serverProcess.js";

const FILES: Record<string, string> = {
  crash: "tests/reliability/crashResume.test.ts",
  workflows: "tests/reliability/workflowCrash.test.ts",
  abort: "tests/reliability/abort.model.test.ts",
  faults: "tests/reliability/modelFaults.model.test.ts",
  payloads: "tests/reliability/badPayloads.test.ts",
  properties: "tests/reliability/properties.test.ts",
  offline: "tests/reliability/offline.test.ts",
  sse: "tests/reliability/sseFanout.test.ts",
  routes: "tests/reliability/routeFuzz.test.ts",
  secrets: "tests/reliability/secretLeaks.test.ts",
  disk: "tests/reliability/diskFull.test.ts",
  corrupt: "tests/reliability/corruptData.test.ts",
  load: "tests/reliability/loadSessions.model.test.ts",
  mcp: "tests/reliability/mcpFuzz.test.ts",
};

const { values } = parseArgs({
  options: { runs: { type: "string", default: "20" }, seed: { type: "string" }, only: { type: "string" } },
  allowPositionals: false,
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  process.stderr.write(`test:chaos: --runs must be a positive integer, got "${values.runs}"\n`);
  process.exit(2);
}
const seed = values.seed ? Number(values.seed) : 1 + Math.floor(Math.random() * 2 ** 31);
if (!Number.isInteger(seed) || seed < 1) {
  process.stderr.write(`test:chaos: --seed must be a positive integer, got "${values.seed}"\n`);
  process.exit(2);
}
const only = values.only ? values.only.split(",").map((name) => name.trim()) : Object.keys(FILES);
const unknown = only.filter((name) => !FILES[name]);
if (unknown.length) {
  process.stderr.write(`test:chaos: unknown --only part(s) ${unknown.join(", ")}; known: ${Object.keys(FILES).join(", ")}\n`);
  process.exit(2);
}

const env = {
  ...process.env,
  CHAOS_SEED: String(seed),
  CHAOS_CRASH_KILLS: "4",
  CHAOS_CRASH_SESSIONS: String(Math.ceil(runs / 4)),
  CHAOS_ABORTS: String(Math.max(20, runs * 5)),
  CHAOS_PAYLOAD_RUNS: String(Math.max(200, runs * 50)),
  CHAOS_ROUTE_RUNS: String(Math.max(200, runs * 50)),
  CHAOS_MCP_RUNS: String(Math.max(100, runs * 20)),
  CHAOS_WORKFLOW_KILLS: "all",
  CHAOS_SSE_RECONNECTS: String(Math.max(200, runs * 20)),
};
process.stdout.write(
  `test:chaos seed ${seed}: ${env.CHAOS_CRASH_SESSIONS} session(s) × ${env.CHAOS_CRASH_KILLS} SIGKILLs, ${env.CHAOS_ABORTS} aborts, ${env.CHAOS_PAYLOAD_RUNS} payloads per route (replay: --seed ${seed})\n`,
);
const vitest = path.join(REPO_ROOT, "node_modules", ".bin", "vitest");
// Long crash runs: raise vitest's per-test limit; one worker so the kills do not compete with other files for 2 cores.
const result = spawnSync(vitest, ["run", ...only.map((name) => FILES[name] as string), "--maxWorkers=1", "--testTimeout=3600000"], { cwd: REPO_ROOT, env, stdio: "inherit" });
process.stdout.write(`test:chaos seed ${seed}: ${result.status === 0 ? "passed" : "FAILED"}\n`);
process.exit(result.status ?? 1);
