import { ScriptoriumError } from "../../../shared/errors.js";

/** Parse `3.53.2` into comparable numbers; missing parts count as 0. */
function parse(version: string): [number, number, number] {
  const [a = 0, b = 0, c = 0] = version.split(".").map((part) => Number.parseInt(part, 10) || 0);
  return [a, b, c];
}

function atLeast(v: [number, number, number], min: [number, number, number]): boolean {
  for (let i = 0; i < 3; i++) {
    const x = v[i] ?? 0;
    const y = min[i] ?? 0;
    if (x !== y) return x > y;
  }
  return true;
}

/**
 * True when this SQLite build has the WAL-reset corruption bug (3.7.0 – 3.51.2, fixed in 3.51.3
 * with backports 3.50.7 and 3.44.6; see sqlite.org/wal.html#walresetbug). 3.52.0 was withdrawn.
 */
export function hasWalResetBug(version: string): boolean {
  const v = parse(version);
  if (!atLeast(v, [3, 7, 0])) return false;
  if (atLeast(v, [3, 51, 3])) return v[0] === 3 && v[1] === 52 && v[2] === 0;
  if (v[0] === 3 && v[1] === 50 && v[2] >= 7) return false;
  if (v[0] === 3 && v[1] === 44 && v[2] >= 6) return false;
  return true;
}

/** Refuse to run on a SQLite affected by the WAL-reset bug: sessions would risk silent corruption. */
export function assertSafeSqliteVersion(version: string): void {
  if (hasWalResetBug(version)) {
    throw new ScriptoriumError(
      "internal",
      `SQLite ${version} has the WAL-reset corruption bug; expected 3.51.3 or newer (or the 3.50.7 / 3.44.6 backports). Rebuild better-sqlite3 against a fixed SQLite.`,
      { sqliteVersion: version },
    );
  }
}
