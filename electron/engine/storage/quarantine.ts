import fs from "node:fs";

/** What the engine found wrong with a data file at start and what it did about it (`health.repairs`). */
export interface StartupRepair {
  /** The damaged file or folder. */
  file: string;
  /** What was found, in words (the open error). */
  problem: string;
  /** Where the damaged copy is kept, untouched, for the user or support. */
  keptAs: string;
  /** What was rebuilt or started fresh. */
  action: string;
  /** The readable rows of a damaged database copied into the fresh one (app.db). */
  salvaged?: { rows: number; orphansDropped: number; tables: Array<{ table: string; rows: number; complete: boolean }> };
}

/** SQLite's answers for a file that is not (or no longer) a database. */
export function isCorruptionError(error: unknown): boolean {
  const code = String((error as { code?: unknown; details?: { cause?: unknown } } | null)?.code ?? "");
  const cause = String((error as { details?: { cause?: unknown } } | null)?.details?.cause ?? "");
  return [code, cause].some((c) => c === "SQLITE_CORRUPT" || c === "SQLITE_NOTADB" || c.startsWith("SQLITE_CORRUPT"));
}

/**
 * Move a damaged file (and its `-wal` / `-shm` companions) or folder aside to
 * `<name>.corrupt-<timestamp>`, so a fresh one can take its place; nothing is deleted.
 */
export function quarantine(file: string): string {
  const keptAs = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, "-")}`;
  fs.renameSync(file, keptAs);
  for (const suffix of ["-wal", "-shm"]) {
    if (fs.existsSync(file + suffix)) fs.renameSync(file + suffix, keptAs + suffix);
  }
  return keptAs;
}
