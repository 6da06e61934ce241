import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createAppEngine, type AppEngine } from "../../electron/engine/createAppEngine.js";
import { createServer, type ScriptoriumServer } from "../../electron/server/createServer.js";
import { realThreads } from "./realModelPath.js";

/** One event as the SSE stream carries it (the `id:` line is its seq). */
export interface StreamedEvent {
  seq: number;
  type: string;
  [key: string]: unknown;
}

/**
 * The app as a user runs it on the real model: `createAppEngine` with the GGUF given on the
 * command line (chat and, as the app does without an embedding model, embeddings), settings sized
 * for CI's 2 cores, and the HTTP server on 127.0.0.1 in front. Tests talk to it only over HTTP.
 */
export class RealServer {
  private constructor(
    readonly engine: AppEngine,
    readonly server: ScriptoriumServer,
    readonly dataDir: string,
    private readonly token: string,
  ) {}

  static async start(modelPath: string, prefix: string, settings: { contextSize?: number; sequences?: number } = {}): Promise<RealServer> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `real-${prefix}-`));
    const engine = await createAppEngine({ dataDir, modelPath, eventFlushIntervalMs: 20 });
    await engine.call("settings.update", { threads: realThreads(), sequences: settings.sequences ?? 1, contextSize: settings.contextSize ?? 4096 });
    const token = `real-${prefix}-token-0123456789`;
    const server = await createServer({ api: engine, token, port: 0 });
    return new RealServer(engine, server, dataDir, token);
  }

  async close(): Promise<void> {
    await this.server.close();
    await this.engine.dispose();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }

  private url(route: string): string {
    return `http://127.0.0.1:${this.server.port}${route}`;
  }

  private headers(): Record<string, string> {
    return { authorization: `Bearer ${this.token}`, "content-type": "application/json" };
  }

  /** POST a JSON body; a non-2xx answer throws with its body, so a failure names its cause. */
  async post<T = Record<string, unknown>>(route: string, body: unknown): Promise<T> {
    const res = await fetch(this.url(route), { method: "POST", headers: this.headers(), body: JSON.stringify(body) });
    const text = await res.text();
    if (!res.ok) throw new Error(`POST ${route} → ${res.status}: ${text}`);
    return JSON.parse(text) as T;
  }

  async get<T = Record<string, unknown>>(route: string): Promise<T> {
    const res = await fetch(this.url(route), { headers: this.headers() });
    const text = await res.text();
    if (!res.ok) throw new Error(`GET ${route} → ${res.status}: ${text}`);
    return JSON.parse(text) as T;
  }

  /** `POST /api/rpc/<method>`: every contract method over HTTP. */
  rpc<T = Record<string, unknown>>(method: string, input: unknown): Promise<T> {
    return this.post<T>(`/api/rpc/${method}`, input);
  }

  /**
   * Reads the session's SSE stream from after `afterSeq` until the run pauses, ends or fails
   * (`await_user`, `done`, `error`); returns those events, the terminal one last.
   */
  async streamUntilSettled(route: string, sessionId: string, afterSeq = 0): Promise<StreamedEvent[]> {
    const res = await fetch(this.url(`/api/${route}/${sessionId}/stream?lastEventId=${afterSeq}`), { headers: this.headers() });
    if (!res.ok || !res.body) throw new Error(`stream ${route}/${sessionId} → ${res.status}`);
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    const events: StreamedEvent[] = [];
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before the run settled; last events: ${events.slice(-3).map((e) => e.type).join(", ")}`);
        buffer += decoder.decode(value, { stream: true });
        const blocks = buffer.split("\n\n");
        buffer = blocks.pop()!;
        for (const block of blocks) {
          const lines = block.split("\n");
          const id = lines.find((l) => l.startsWith("id: "));
          const data = lines.find((l) => l.startsWith("data: "));
          if (!id || !data) continue;
          const event = { ...(JSON.parse(data.slice(6)) as Record<string, unknown>), seq: Number(id.slice(4)) } as StreamedEvent;
          events.push(event);
          if (event.seq > afterSeq && ["await_user", "done", "error"].includes(event.type)) return events;
        }
      }
    } finally {
      await reader.cancel().catch(() => undefined);
    }
  }
}

/** The last event's seq (where the next stream read starts). */
export const lastSeq = (events: readonly StreamedEvent[]): number => events.at(-1)?.seq ?? 0;

/** Wall-clock milliseconds of `fn`, printed with a label (the tier's timing figures). */
export async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await fn();
  } finally {
    console.log(`[real] ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}
