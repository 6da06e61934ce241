import { spawn } from "node:child_process";
import { availableParallelism, constants } from "node:os";

const MiB = 1024 * 1024;
/** Marks the copy a launcher started, whose IPC channel is its lifeline to that launcher. */
const RELAUNCHED = "SCRIPTORIUM_RELAUNCHED";

/**
 * glibc malloc settings for a Node process that queries LanceDB, as a `GLIBC_TUNABLES` value.
 *
 * LanceDB's Rust threads allocate and free ~10 MB of buffers per flat vector search. With glibc's
 * defaults (up to 8 arenas per core, a dynamic mmap threshold) those buffers keep landing in
 * fresh arenas or fresh mmaps, and every query faults its pages in again: on the 2-core dev box a
 * new process's first 72 hybrid searches on a 10k-chunk table took p50 38–41 / p95 64–75 ms with
 * ~105k page faults; with these settings p50 12–13 / p95 29–30 ms and ~15k
 * (`retrieval.malloc_tunables_speedup_10k`). Setting any threshold turns the dynamic mmap
 * threshold off, so all three are set: one arena per core bounds where freed buffers wait; blocks
 * under 32 MiB come from the heap and are reused; the heap is returned to the system only past
 * 128 MiB of free top. Electron's main process is not relaunched: Chromium's allocator shim
 * routes malloc there to PartitionAlloc, which glibc's settings do not reach (not measured: no
 * Electron binary runs on the dev box).
 */
export function mallocTunables(cores = availableParallelism()): string {
  return [
    `glibc.malloc.arena_max=${Math.max(1, cores)}`,
    `glibc.malloc.mmap_threshold=${32 * MiB}`,
    `glibc.malloc.trim_threshold=${128 * MiB}`,
    `glibc.malloc.top_pad=${16 * MiB}`,
  ].join(":");
}

/** Whether this process runs on glibc, the only C library that reads `GLIBC_TUNABLES`. */
export function onGlibc(): boolean {
  if (process.platform !== "linux") return false;
  const header = (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header;
  return typeof header?.glibcVersionRuntime === "string";
}

/**
 * Runs this process again with {@link mallocTunables} in `GLIBC_TUNABLES` (glibc reads it only at
 * start) and resolves with the exit code to leave with once that copy ends; resolves `null` when
 * there is nothing to do: not glibc, or `GLIBC_TUNABLES` already set (by the user, kept as is, or
 * by this relaunch). Call it first thing in a long-lived Node host, before the engine loads.
 *
 * The copy shares stdin, stdout and stderr; SIGINT, SIGTERM and SIGHUP sent to this process are
 * passed on; if this process dies without passing one on (SIGKILL), the copy sees its IPC channel
 * close and stops itself with SIGTERM, so no server outlives its launcher. If no copy can be
 * started, it resolves `null` too, after a line on stderr.
 */
export async function relaunchWithMallocTunables(): Promise<number | null> {
  if (process.env.GLIBC_TUNABLES !== undefined) {
    if (process.env[RELAUNCHED] === "1") stopWithParent();
    return null;
  }
  if (!onGlibc()) return null;
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: ["inherit", "inherit", "inherit", "ipc"],
    env: { ...process.env, GLIBC_TUNABLES: mallocTunables(), [RELAUNCHED]: "1" },
  });
  const signals = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
  const forward = (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const signal of signals) process.on(signal, forward);
  const release = () => {
    for (const signal of signals) process.off(signal, forward);
  };
  return new Promise((resolve, reject) => {
    child.once("error", (error) => {
      // No copy could start (no pid): run here with glibc's defaults rather than not at all.
      if (child.pid !== undefined) return reject(error);
      release();
      process.stderr.write(`malloc settings not applied (${error.message}); running with glibc's defaults\n`);
      resolve(null);
    });
    child.once("exit", (code, signal) => {
      release();
      // A copy killed by a signal leaves with the shell's 128 + signal number.
      resolve(code ?? 128 + (signal ? constants.signals[signal] : 0));
    });
  });
}

/** In the relaunched copy: the launcher's death closes the IPC channel; stop as on SIGTERM. */
function stopWithParent(): void {
  // Processes this copy starts are not copies of a launcher.
  delete process.env[RELAUNCHED];
  const channel = process.channel;
  if (!channel) return;
  process.once("disconnect", () => process.kill(process.pid, "SIGTERM"));
  // The channel is only a lifeline: it must not keep the event loop alive.
  channel.unref();
}
