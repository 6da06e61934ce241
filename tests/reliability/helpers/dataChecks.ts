import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { EngineEvent } from "../../../shared/events.js";
import type { HttpApi } from "./httpApi.js";

/** `PRAGMA integrity_check` of one SQLite file ("ok" when sound); the file is opened, checked and closed. */
export function integrityCheck(file: string): string {
  const db = new Database(file, { fileMustExist: true });
  try {
    const rows = db.pragma("integrity_check") as Array<{ integrity_check: string }>;
    return rows.map((row) => row.integrity_check).join("; ");
  } finally {
    db.close();
  }
}

/** Integrity of a data dir's database (checkpoints included), e.g. `{ "app.db": "ok" }`. */
export function dataDirIntegrity(dataDir: string): Record<string, string> {
  return { "app.db": integrityCheck(path.join(dataDir, "app.db")) };
}

/** Temp files an interrupted atomic write leaves behind (`.x.tmp`, `x.tmp-abcd`), relative to `dir`. */
export function leftoverTempFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && /\.tmp($|-)/.test(entry.name)) found.push(path.relative(dir, path.join(entry.parentPath, entry.name)));
  }
  return found;
}

/** Problems with an event log: seq must be exactly 1..N, one `connected` first. Empty = sound. */
export function eventLogProblems(events: EngineEvent[]): string[] {
  const problems: string[] = [];
  events.forEach((event, i) => {
    if (event.seq !== i + 1) problems.push(`event #${i + 1} has seq ${event.seq}`);
  });
  if (events[0]?.type !== "connected") problems.push(`first event is ${events[0]?.type ?? "missing"}, not connected`);
  const terminal = events.filter((e) => e.type === "done");
  if (terminal.length > 1) problems.push(`${terminal.length} done events`);
  return problems;
}

/**
 * Problems with the final draft against the outline: each section's `## title` appears exactly as
 * often as the outline has it, in outline order, and the draft has no other `## ` heading.
 */
export function draftSectionProblems(draft: string, sectionTitles: string[]): string[] {
  const problems: string[] = [];
  const headingLines = draft.split("\n").filter((line) => /^## /.test(line)).map((line) => line.slice(3).trim());
  const expected = sectionTitles.map((title) => title.trim());
  // A title with a line break spans lines; compare on the first line, which is what `## ` starts.
  const expectedFirstLines = expected.map((title) => title.split("\n")[0]?.trim() ?? "");
  if (headingLines.length < expectedFirstLines.length) problems.push(`draft has ${headingLines.length} "## " headings, outline has ${expected.length} sections`);
  let from = 0;
  for (const title of expectedFirstLines) {
    const at = headingLines.indexOf(title, from);
    if (at < 0) problems.push(`section "${title}" missing or out of order`);
    else from = at + 1;
  }
  const count = (list: string[], item: string) => list.filter((x) => x === item).length;
  for (const title of new Set(expectedFirstLines)) {
    const inDraft = count(headingLines, title);
    const inOutline = count(expectedFirstLines, title);
    if (inDraft !== inOutline) problems.push(`section "${title}" appears ${inDraft}× in the draft, ${inOutline}× in the outline`);
  }
  return problems;
}

/** Problems with a session's versions: numbers 1..n without gaps, each one readable with its markdown. */
export async function versionProblems(api: HttpApi, sessionId: string): Promise<{ problems: string[]; count: number }> {
  const problems: string[] = [];
  const { versions } = await api.call("documents.versions", { sessionId });
  const numbers = versions.map((v) => v.number).sort((a, b) => a - b);
  numbers.forEach((n, i) => {
    if (n !== i + 1) problems.push(`version numbers are ${numbers.join(",")}, not 1..${numbers.length}`);
  });
  if (!numbers.length) problems.push("no draft version");
  for (const n of numbers) {
    try {
      const { version, markdown } = await api.call("documents.version", { sessionId, number: n });
      if (version.number !== n) problems.push(`version ${n} reads back as ${version.number}`);
      if (!markdown.startsWith("# ")) problems.push(`version ${n} does not start with a title: ${JSON.stringify(markdown.slice(0, 40))}`);
    } catch (error) {
      problems.push(`version ${n} unreadable: ${(error as Error).message}`);
    }
  }
  return { problems: [...new Set(problems)], count: numbers.length };
}

/**
 * LanceDB against app.db, after the process is gone: every table of `<dataDir>/lancedb` opens and
 * counts its rows, and the paper index holds exactly the chunks app.db has for each paper (no
 * orphan of a half-done import, no paper missing or duplicated). Empty = consistent.
 */
export async function lanceProblems(dataDir: string): Promise<string[]> {
  const dir = path.join(dataDir, "lancedb");
  if (!fs.existsSync(dir)) return [];
  const lancedb = await import("@lancedb/lancedb");
  const problems: string[] = [];
  const db = await lancedb.connect(dir);
  try {
    for (const name of await db.tableNames()) {
      try {
        const table = await db.openTable(name);
        await table.countRows();
        table.close();
      } catch (error) {
        problems.push(`lancedb table ${name} unreadable: ${(error as Error).message}`);
      }
    }
    const sqlite = new Database(path.join(dataDir, "app.db"), { readonly: true, fileMustExist: true });
    const inDb = new Map((sqlite.prepare("SELECT doc_id, COUNT(*) AS n FROM paper_chunks GROUP BY doc_id").all() as Array<{ doc_id: string; n: number }>).map((r) => [r.doc_id, r.n]));
    sqlite.close();
    const inLance = new Map<string, number>();
    if ((await db.tableNames()).includes("paper_chunks")) {
      const table = await db.openTable("paper_chunks");
      const rows = (await table.query().select(["doc_id"]).toArray()) as Array<{ doc_id: string }>;
      for (const row of rows) inLance.set(String(row.doc_id), (inLance.get(String(row.doc_id)) ?? 0) + 1);
      table.close();
    }
    for (const [doc, n] of inLance) if (inDb.get(doc) !== n) problems.push(`paper ${doc}: ${n} chunks in LanceDB, ${inDb.get(doc) ?? 0} in app.db`);
    for (const [doc, n] of inDb) if (!inLance.has(doc)) problems.push(`paper ${doc}: ${n} chunks in app.db, none in LanceDB`);
  } finally {
    db.close();
  }
  return problems;
}
