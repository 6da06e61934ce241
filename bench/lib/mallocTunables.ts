import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The glibc malloc settings `npm run web` starts the server with, read from package.json's `web`
 * script so the bench measures exactly what users run (one place to change them).
 *
 * Why those settings: LanceDB's Rust threads allocate and free ~10 MB of buffers per flat vector
 * search. With glibc's defaults (up to 8 arenas per core, a dynamic mmap threshold) those buffers
 * keep landing in fresh arenas or fresh mmaps, and every query faults its pages in again: on the
 * 2-core dev box a new process's first 72 hybrid searches on a 10k-chunk table took p50 38–41 /
 * p95 64–75 ms with ~105k page faults; with these settings p50 12–13 / p95 29–30 ms and ~15k
 * (`retrieval.malloc_tunables_speedup_10k`). Setting any threshold turns the dynamic mmap
 * threshold off, so all three are set: two arenas bound where freed buffers wait; blocks under
 * 32 MiB come from the heap and are reused; the heap is returned to the system only past 128 MiB
 * of free top. glibc reads `GLIBC_TUNABLES` only when a process starts, hence the npm script
 * (cross-env, so the script still runs on Windows, where the variable is simply unread).
 */
export function webMallocTunables(packageJson = path.join(import.meta.dirname, "../../package.json")): string {
  const scripts = (JSON.parse(readFileSync(packageJson, "utf8")) as { scripts?: Record<string, string> }).scripts ?? {};
  const match = /GLIBC_TUNABLES=\$\{GLIBC_TUNABLES:-([^}\s]+)\}/.exec(scripts.web ?? "");
  if (!match) throw new Error(`${packageJson}: the "web" script sets no GLIBC_TUNABLES=\${GLIBC_TUNABLES:-…} default`);
  return match[1]!;
}

/** Whether this process runs on glibc, the only C library that reads `GLIBC_TUNABLES`. */
export function onGlibc(): boolean {
  if (process.platform !== "linux") return false;
  const header = (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header;
  return typeof header?.glibcVersionRuntime === "string";
}
