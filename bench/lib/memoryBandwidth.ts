import { Worker } from "node:worker_threads";

/**
 * Measured memory read bandwidth in bytes/s: `threads` workers each sum their own buffer, far
 * larger than the CPU caches, at the same time. Token generation on CPU reads every weight once
 * per token with the same number of threads, so bandwidth ÷ bytes-per-token is the ceiling decode
 * speed can approach; the benchmark prints the two side by side.
 */
export async function measureReadBandwidth(options: { megabytes?: number; repeats?: number; threads?: number } = {}): Promise<number> {
  const bytes = (options.megabytes ?? 512) * 1024 * 1024;
  const threads = Math.max(1, options.threads ?? 1);
  const perThread = Math.floor(bytes / threads / 64) * 64;
  const repeats = options.repeats ?? 5;
  const workers = Array.from({ length: threads }, () => new Worker(WORKER_SOURCE, { eval: true, workerData: { bytes: perThread } }));
  try {
    await Promise.all(workers.map((worker) => once(worker, "ready")));
    let best = Number.POSITIVE_INFINITY;
    for (let r = 0; r < repeats; r++) {
      const started = process.hrtime.bigint();
      await Promise.all(workers.map((worker) => { worker.postMessage("run"); return once(worker, "done"); }));
      best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e9);
    }
    return (perThread * threads) / best;
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

function once(worker: Worker, message: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (value: unknown) => {
      if (value !== message) return;
      worker.off("message", onMessage);
      resolve();
    };
    worker.on("message", onMessage);
    worker.once("error", reject);
  });
}

// Plain JS so the worker needs no TypeScript loader. Unrolled by 8 so the loop is bound by loads.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const view = new Float64Array(workerData.bytes / 8);
for (let i = 0; i < view.length; i += 512) view[i] = i;
let sink = 0;
parentPort.on("message", () => {
  let acc = 0;
  for (let i = 0; i < view.length; i += 8) {
    acc += view[i] + view[i + 1] + view[i + 2] + view[i + 3] + view[i + 4] + view[i + 5] + view[i + 6] + view[i + 7];
  }
  sink += acc;
  parentPort.postMessage(Number.isNaN(sink) ? "nan" : "done");
});
parentPort.postMessage("ready");
`;
