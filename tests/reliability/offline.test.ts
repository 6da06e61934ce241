import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { PausePoint } from "../../shared/workflows/article.js";
import { createAppEngine } from "../../electron/engine/createAppEngine.js";
import { LlmService } from "../../electron/engine/llm/LlmService.js";
import { physicalCoreCount } from "../../electron/engine/llm/physicalCoreCount.js";
import { startJsonServer } from "../../electron/engine/testing/testJsonServer.js";
import { createTinyGguf } from "../fixtures/tinyGguf.js";
import { HashEmbedder } from "../knowledge/HashEmbedder.js";
import { actionFor } from "./helpers/articleDriver.js";
import { isLocalTarget, recordConnections } from "./helpers/connectionRecorder.js";
import { hybridArticleLlm } from "./helpers/hybridArticleLlm.js";
import { REPO_ROOT } from "./helpers/serverProcess.js";
import { HttpApi } from "./helpers/httpApi.js";
import { buildWorkflowEngine } from "./helpers/workflowScript.js";
import { runEachWorkflow } from "./helpers/workflowSessions.js";
import { createServer } from "../../electron/server/createServer.js";

/**
 * Offline guarantee. (1) In this process, with `net.Socket#connect` and `dns.lookup` recorded: a
 * full article run on the production wiring (createAppEngine) with the local library (LanceDB) and
 * an intranet provider on 127.0.0.1, prose from llama.cpp on the tiny GGUF → no connection or
 * lookup leaves loopback, although materials carry external URLs; the same for one session each of
 * chat, docgen (code mode) and paper (import + question) on the production wiring. (2) When this
 * user may create a network namespace (`unshare --net`, root here), the servers run inside one
 * with only loopback up, and an article session plus one chat, docgen and paper session driven
 * through 127.0.0.1 from inside the namespace reach `done`. Where a namespace cannot be made the
 * second test says so and the hook-based tests are the guarantee.
 */
const cleanup: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

describe("offline guarantee", () => {
  it("a full article run (library + intranet on 127.0.0.1) connects to nothing but loopback", async () => {
    const recorder = recordConnections();
    cleanup.push(() => recorder.restore());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-offline-"));
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    const intranet = await startJsonServer((_request, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify({
          results: [
            { headline: "Local inference at the newsroom", body: "Running models on-premises keeps drafts private.", link: "https://news.example.com/local-ai" },
            { headline: "Offline writing tools", body: "Writers value tools that work without a network.", link: "https://cdn.example.org/offline" },
          ],
        }),
      );
    });
    cleanup.push(() => intranet.close());

    const service = new LlmService();
    await service.load({ modelPath: await createTinyGguf(), threads: physicalCoreCount(), sequences: 2, contextSize: 1024 });
    cleanup.push(() => service.dispose());
    const engine = await createAppEngine({
      dataDir,
      llm: hybridArticleLlm(service, 16),
      knowledgeOptions: { loadEmbedder: async () => new HashEmbedder(32) },
      eventFlushIntervalMs: 5,
    });
    cleanup.push(() => engine.dispose());

    await engine.call("providers.save", {
      config: { name: "intranet", baseUrl: intranet.url, method: "POST", resultsPath: "results", fieldMap: { title: "headline", content: "body", url: "link" } },
    });
    const note = path.join(dataDir, "library-note.md");
    fs.writeFileSync(note, "# Local AI\n\nLocal AI writing tools run models on the writer's own machine, so drafts never leave it.\n");
    await engine.call("knowledge.ingest", { paths: [note] });
    await engine.app.knowledge.idle();
    expect((await engine.call("knowledge.sources", {})).sources).toHaveLength(1);

    const { sessionId } = await engine.call("run.start", { workflow: "article", input: { intent: "Why local AI writing tools matter", locale: "en" } });
    let draftConfirms = 0;
    for (let step = 0; step < 12; step++) {
      await engine.parts.runner.settled(sessionId);
      const state = await engine.call("run.state", { sessionId });
      if (state.session.status !== "paused" || !state.pause) break;
      const payload = actionFor(state.pause.pausePoint as PausePoint, draftConfirms);
      if (state.pause.pausePoint === "draft_confirm") draftConfirms++;
      await engine.call("run.resume", { sessionId, payload });
    }
    const final = await engine.call("run.state", { sessionId });
    const events = (await engine.call("events.list", { sessionId, afterSeq: 0 })).events;
    expect(final.session.status, JSON.stringify(events.at(-1))).toBe("done");
    const materials = final.values.materials as Array<{ source_type: string; url: string | null }>;
    // Both providers answered, and the intranet materials point off-machine (which must not be fetched).
    expect(new Set(materials.map((m) => m.source_type))).toEqual(new Set(["library", expect.any(String)]));
    expect(materials.some((m) => m.url?.startsWith("https://"))).toBe(true);
    expect(events.some((e) => e.type === "draft_chunk")).toBe(true);

    recorder.restore();
    const intranetPort = Number(new URL(intranet.url).port);
    // The recorder saw the intranet calls (so it sees fetch/undici traffic at all) …
    expect(recorder.attempts.some((a) => a.kind === "connect" && a.port === intranetPort)).toBe(true);
    expect(intranet.requests.length).toBeGreaterThan(0);
    // … and nothing else but loopback.
    expect(recorder.attempts.filter((a) => !isLocalTarget(a))).toEqual([]);
  }, 300_000);

  it("one session each of chat, docgen and paper (production wiring, scripted model) connects to nothing but loopback", async () => {
    const recorder = recordConnections();
    cleanup.push(() => recorder.restore());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-offline-each-"));
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const engine = await buildWorkflowEngine({ dataDir, say: () => undefined });
    cleanup.push(() => engine.dispose());
    const server = await createServer({ api: engine, token: "offline-each-token" });
    cleanup.push(() => server.close());
    const statuses = await runEachWorkflow(new HttpApi(server.url, "offline-each-token"));
    expect(statuses).toEqual({ chat: "done", docgen: "done", paper: "done" });
    recorder.restore();
    // The recorder saw this test's own HTTP calls to the server (so it sees fetch at all) …
    expect(recorder.attempts.some((a) => a.kind === "connect")).toBe(true);
    // … and nothing that leaves the machine.
    expect(recorder.attempts.filter((a) => !isLocalTarget(a))).toEqual([]);
  }, 300_000);

  it("inside a network namespace with only loopback, the server completes an article run (or says why it cannot try)", async () => {
    const probe = spawnSync("unshare", ["--net", "sh", "-c", "ip link set lo up && echo netns-ok"], { encoding: "utf8", timeout: 20_000 });
    const available = probe.status === 0 && probe.stdout.includes("netns-ok");
    if (!available) {
      // Not permitted here (no root / no CAP_SYS_ADMIN, or no unshare/ip): the hook-based test above is the guarantee.
      console.warn(`[offline] network-namespace check not run: ${probe.error?.message ?? (probe.stderr.trim() || `exit ${probe.status}`)}`);
      expect(probe.status === 0 && probe.stdout.includes("netns-ok")).toBe(false);
      return;
    }
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-netns-"));
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    cleanup.push(() => fs.rmSync(`${dataDir}-workflows`, { recursive: true, force: true }));
    const driver = path.join(REPO_ROOT, "tests/reliability/helpers/namespaceDriver.ts");
    const command = `ip link set lo up && exec "${process.execPath}" --import tsx "${driver}" "${dataDir}" "${await createTinyGguf()}"`;
    const run = spawnSync("unshare", ["--net", "sh", "-c", command], { cwd: REPO_ROOT, encoding: "utf8", timeout: 400_000, env: { ...process.env, LANCEDB_LOG: "error" } });
    const line = run.stdout.split("\n").find((l) => l.startsWith("{"));
    expect(run.status, `${run.stdout}\n${run.stderr}`.slice(-3000)).toBe(0);
    const result = JSON.parse(line ?? "{}") as { unreachable: string; status: string; events: number; workflows: Record<string, string> };
    expect(result.status).toBe("done");
    // One session of every other workflow too, in the same namespace.
    expect(result.workflows).toEqual({ chat: "done", docgen: "done", paper: "done" });
    expect(result.events).toBeGreaterThan(10);
    // The namespace really had no route off the machine.
    expect(["ENETUNREACH", "EHOSTUNREACH", "EACCES", "EPERM"]).toContain(result.unreachable);
  }, 420_000);
});
