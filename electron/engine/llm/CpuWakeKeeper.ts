import { Worker } from "node:worker_threads";

export interface CpuWakeKeeperOptions {
  /** How often the keeper's thread wakes while held, in ms; default 1 (3 ms already loses most of the gain). */
  periodMs?: number;
}

/**
 * The keeper's thread: a timer every `periodMs` while the parent says "on", whose only work is to
 * count its wake-ups in shared memory (what `ticks` reads). A string evaluated as CommonJS, so the
 * bundled main process needs no second entry file.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const ticks = new Int32Array(workerData.ticks);
let timer = null;
parentPort.on("message", (on) => {
  if (on && timer === null) timer = setInterval(() => Atomics.add(ticks, 0, 1), workerData.periodMs);
  if (!on && timer !== null) { clearInterval(timer); timer = null; }
});
`;

/**
 * Keeps the CPUs awake while llama.cpp works, by waking a spare thread every millisecond.
 *
 * Why: each token is a chain of hand-offs between threads — node-llama-cpp queues the decode,
 * llama.cpp starts its compute threads afresh for every `llama_decode` (no ggml threadpool is
 * attached in 3.21.1), the sampler runs on libuv's pool, and the result is posted back to the JS
 * thread. Between two hand-offs a core has nothing to do and goes idle; on a virtual machine an
 * idle vCPU is halted by the hypervisor and takes milliseconds to wake. Keeping one core awake
 * removes that wait; a timer on the JS thread instead gains less, because the hand-offs happen on
 * other threads (the speed-up and the periods tried: bench `llm.cpu_wake_speedup`,
 * docs/notes/node-llama-cpp-batching.md, "Fourth finding").
 * The cost is a thousand empty wake-ups a second, only while a generation is in flight, when the
 * cores are busy anyway.
 *
 * Reference-counted: `hold()` returns the matching release (idempotent). A keeper that cannot
 * start its thread logs once and does nothing: it is a speed aid, never a reason for a call to fail.
 */
export class CpuWakeKeeper {
  private readonly periodMs: number;
  private readonly tickCounter = new Int32Array(new SharedArrayBuffer(4));
  private worker: Worker | null = null;
  private holds = 0;
  /** Bumped by dispose, so a release from before it does not count against later holds. */
  private epoch = 0;
  private broken = false;

  constructor(options: CpuWakeKeeperOptions = {}) {
    this.periodMs = options.periodMs ?? 1;
  }

  /** True while held and its thread is running. */
  get active(): boolean {
    return this.holds > 0 && this.worker !== null;
  }

  /** Wake-ups of the keeper's thread so far (it counts only while held). */
  get ticks(): number {
    return Atomics.load(this.tickCounter, 0);
  }

  /** Keep the CPUs awake until the returned function is called (once; later calls do nothing). */
  hold(): () => void {
    this.holds++;
    if (this.holds === 1) this.post(true);
    const epoch = this.epoch;
    let released = false;
    return () => {
      if (released || epoch !== this.epoch) return;
      released = true;
      this.holds--;
      if (this.holds === 0) this.post(false);
    };
  }

  /** Stop the thread (a later hold starts a new one). */
  async dispose(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.holds = 0;
    this.epoch++;
    if (worker) await worker.terminate();
  }

  private post(on: boolean): void {
    const worker = on ? this.start() : this.worker;
    worker?.postMessage(on);
  }

  private start(): Worker | null {
    if (this.worker || this.broken) return this.worker;
    try {
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { periodMs: this.periodMs, ticks: this.tickCounter.buffer } });
      // Never what keeps the process alive.
      worker.unref();
      worker.on("error", (error) => this.fail(worker, error));
      worker.on("exit", () => {
        if (this.worker === worker) this.worker = null;
      });
      this.worker = worker;
    } catch (error) {
      this.fail(null, error);
    }
    return this.worker;
  }

  private fail(worker: Worker | null, error: unknown): void {
    if (worker && this.worker === worker) this.worker = null;
    if (this.broken) return;
    this.broken = true;
    console.warn(`[CpuWakeKeeper] disabled, generation runs without it: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The process's one keeper (the CPUs are one resource): LlmService holds it while a sequence is lent. */
export const cpuWakeKeeper = new CpuWakeKeeper();
