import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type Database from "better-sqlite3";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EngineEvent } from "../../../shared/events.js";
import { ScriptoriumError } from "../../../shared/errors.js";
import { AppDb } from "./AppDb.js";
import { EventStore } from "./EventStore.js";
import { SessionStore } from "./SessionStore.js";
import { SettingsStore } from "./SettingsStore.js";
import { SqliteVersionStore } from "./VersionStore.js";

const dirs: string[] = [];
const open: AppDb[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-stores-"));
  dirs.push(dir);
  return dir;
};
const openDb = (dir = tempDir()) => {
  const db = AppDb.open(dir);
  open.push(db);
  return db;
};
/** The `synchronous` level in force each time a statement whose SQL matches `sql` runs on `db`. */
const levelsWhenRun = (db: Database.Database, sql: RegExp): number[] => {
  const levels: number[] = [];
  const proto = Object.getPrototypeOf(db.prepare("SELECT 1")) as Database.Statement;
  const run = proto.run;
  vi.spyOn(proto, "run").mockImplementation(function (this: Database.Statement, ...args: unknown[]) {
    // `pragma` reads with `get`, so this does not recurse.
    if (this.database === db && sql.test(this.source)) levels.push(Number(db.pragma("synchronous", { simple: true })));
    return run.apply(this, args);
  } as typeof proto.run);
  return levels;
};
afterEach(() => {
  vi.restoreAllMocks();
  for (const db of open.splice(0)) db.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("SettingsStore", () => {
  it("fills defaults, persists a patch and survives reopening", () => {
    const dir = tempDir();
    const first = new SettingsStore(openDb(dir).db);
    expect(first.get().sequences).toBe(2);
    const updated = first.update({ locale: "en", sequences: 4 });
    expect(updated).toMatchObject({ locale: "en", sequences: 4, backend: "llamacpp" });
    open.splice(0).forEach((db) => db.close());
    expect(new SettingsStore(openDb(dir).db).get()).toMatchObject({ locale: "en", sequences: 4 });
  });

  it("changes only the keys a patch names (defaults never overwrite earlier choices)", () => {
    const store = new SettingsStore(openDb().db);
    store.update({ backend: "ollama", chatModel: "qwen.gguf", threads: 3 });
    const next = store.update({ locale: "en" });
    expect(next).toMatchObject({ locale: "en", backend: "ollama", chatModel: "qwen.gguf", threads: 3 });
    expect(store.update({ sequences: 4 })).toMatchObject({ locale: "en", backend: "ollama", sequences: 4 });
  });

  it("rejects an invalid patch with bad_request and keeps the old settings", () => {
    const store = new SettingsStore(openDb().db);
    const error = (() => {
      try {
        store.update({ sequences: 99 });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ScriptoriumError);
    expect((error as ScriptoriumError).code).toBe("bad_request");
    expect((error as ScriptoriumError).message).toContain("sequences");
    expect(store.get().sequences).toBe(2);
  });

  it("falls back to the default for a stored value that no longer validates", () => {
    const db = openDb();
    db.db.prepare("INSERT INTO settings(key, json) VALUES ('threads', '\"many\"'), ('locale', '\"en\"')").run();
    const settings = new SettingsStore(db.db).get();
    expect(settings.threads).toBe(0);
    expect(settings.locale).toBe("en");
  });
});

describe("EventStore", () => {
  it("assigns gapless seqs, batches high-rate events and commits them before a terminal event", async () => {
    const db = openDb();
    new SessionStore(db.db).create({ id: "s1", workflow: "chat", title: "t", input: {} });
    const committed: EngineEvent[][] = [];
    const store = new EventStore(db.db, { flushIntervalMs: 10_000, onPersisted: (batch) => committed.push(batch) });
    store.append("s1", { type: "connected", workflow: "chat" });
    for (let i = 0; i < 5; i++) store.append("s1", { type: "token", step: "reply", text: `t${i}` });
    // Still buffered: nothing durable yet beyond `connected`.
    expect(store.list("s1").map((e) => e.seq)).toEqual([1]);
    store.append("s1", { type: "done", summary: "ok" });
    expect(store.list("s1").map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // The tokens and the done event went in one commit, in order.
    expect(committed.map((batch) => batch.map((e) => e.type))).toEqual([["connected"], ["token", "token", "token", "token", "token", "done"]]);
    expect(store.list("s1", 5).map((e) => e.seq)).toEqual([6, 7]);
    expect(new SessionStore(db.db).get("s1")?.lastSeq).toBe(7);
  });

  it("commits a node's events at NORMAL and the runner's transitions at the connection's FULL", () => {
    const db = openDb();
    new SessionStore(db.db).create({ id: "s4", workflow: "chat", title: "t", input: {} });
    const levels = levelsWhenRun(db.db, /INSERT INTO events/);
    const store = new EventStore(db.db);
    store.append("s4", { type: "connected", workflow: "chat" });
    store.append("s4", { type: "step_start", step: "a", agent: "system", label: "A" });
    store.append("s4", { type: "step_done", step: "a", agent: "system", summary: "", durationMs: 1 });
    store.append("s4", { type: "done", summary: "ok" });
    // 2 = FULL (an fsync, covering the NORMAL commits before it), 1 = NORMAL.
    expect(levels).toEqual([2, 1, 1, 2]);
    expect(db.db.pragma("synchronous", { simple: true })).toBe(2);
    expect(store.list("s4").map((e) => e.type)).toEqual(["connected", "step_start", "step_done", "done"]);
  });

  it("commits a caller's write with its event in one FULL transaction, and a failing one with neither", () => {
    const db = openDb();
    const sessions = new SessionStore(db.db);
    const committed: EngineEvent[][] = [];
    const store = new EventStore(db.db, { flushIntervalMs: 10_000, onPersisted: (batch) => committed.push(batch) });
    const statusLevels = levelsWhenRun(db.db, /^(INSERT INTO sessions|UPDATE sessions SET status)/);
    store.append("s6", { type: "connected", workflow: "chat" }, () => void sessions.create({ id: "s6", workflow: "chat", title: "t", input: {} }, { relaxed: true }));
    store.append("s6", { type: "token", step: "x", text: "a" });
    // A pause: the status, the buffered token and `await_user` commit together; a relaxed write inside stays at the commit's FULL.
    store.append("s6", { type: "await_user", pausePoint: "p", allowedActions: ["go"], context: {} }, () => sessions.setStatus("s6", "paused", "p", { relaxed: true }));
    expect(statusLevels).toEqual([2, 2]);
    expect(committed.map((batch) => batch.map((e) => e.type))).toEqual([["connected"], ["token", "await_user"]]);
    expect(sessions.get("s6")).toMatchObject({ status: "paused", pausePoint: "p", lastSeq: 3 });
    // A lost compare-and-set throws inside the transaction: no status change, no event, the seq is given again.
    expect(() =>
      store.append("s6", { type: "resumed", pausePoint: "p", action: "go" }, () => {
        sessions.setStatus("s6", "running");
        throw new ScriptoriumError("conflict", "no longer paused");
      }),
    ).toThrow("no longer paused");
    expect(sessions.get("s6")).toMatchObject({ status: "paused", lastSeq: 3 });
    expect(store.list("s6").map((e) => e.type)).toEqual(["connected", "token", "await_user"]);
    expect(store.append("s6", { type: "resumed", pausePoint: "p", action: "go" }, () => sessions.setStatus("s6", "running")).seq).toBe(4);
    expect(store.list("s6", 3).map((e) => e.type)).toEqual(["resumed"]);
    expect(db.db.pragma("synchronous", { simple: true })).toBe(2);
  });

  it("writes a relaxed status at NORMAL and any other status write at FULL", () => {
    const db = openDb();
    const sessions = new SessionStore(db.db);
    const levels = levelsWhenRun(db.db, /^(INSERT INTO sessions|UPDATE sessions SET status)/);
    sessions.create({ id: "s5", workflow: "chat", title: "t", input: {} }, { relaxed: true });
    sessions.setStatus("s5", "paused", "p", { relaxed: true });
    expect(sessions.transition("s5", "paused", "running", null, { relaxed: true })).toBe(true);
    sessions.setStatus("s5", "error");
    expect(levels).toEqual([1, 1, 1, 2]);
    expect(sessions.get("s5")?.status).toBe("error");
    expect(db.db.pragma("synchronous", { simple: true })).toBe(2);
  });

  it("flushes buffered events on its timer", async () => {
    const db = openDb();
    const store = new EventStore(db.db, { flushIntervalMs: 5 });
    store.append("s2", { type: "token", step: "x", text: "a" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.list("s2").map((e) => e.type)).toEqual(["token"]);
  });

  it("continues the sequence after a reopen and rejects malformed drafts", () => {
    const dir = tempDir();
    const first = new EventStore(openDb(dir).db);
    first.append("s3", { type: "step_start", step: "a", agent: "system", label: "A" });
    first.close();
    open.splice(0).forEach((db) => db.close());
    const second = new EventStore(openDb(dir).db);
    expect(second.append("s3", { type: "step_done", step: "a", agent: "system", summary: "", durationMs: 1 }).seq).toBe(2);
    expect(() => second.append("s3", { type: "step_start", step: "a" } as never)).toThrow(/Invalid step_start event/);
    expect(second.lastSeq("s3")).toBe(2);
  });

  it("reads a damaged stored event as an internal error naming the session, not as an event", () => {
    const db = openDb();
    const store = new EventStore(db.db);
    store.append("s4", { type: "step_start", step: "a", agent: "system", label: "A" });
    store.flush();
    const damage = db.db.prepare("UPDATE events SET json = ? WHERE session_id = 's4' AND seq = 1");
    damage.run('{"type":"step_start"');
    expect(() => store.list("s4")).toThrow(/a stored event of session s4: is not valid JSON/);
    damage.run('{"type":"step_start","seq":"one","sessionId":"s4"}');
    let error: ScriptoriumError | null = null;
    try {
      store.first("s4");
    } catch (e) {
      error = e as ScriptoriumError;
    }
    expect(error?.code).toBe("internal");
    expect(error?.message).toMatch(/a stored event of session s4: does not have the expected shape \(seq: /);
  });
});

describe("SqliteVersionStore", () => {
  it("numbers versions per session and stores scores", () => {
    const store = new SqliteVersionStore(openDb().db);
    expect(store.latest("a")).toBeNull();
    expect(store.add("a", { markdown: "# 一", reason: "initial" })).toMatchObject({ number: 1, chars: 1, scores: null });
    store.add("b", { markdown: "other", reason: "initial" });
    store.add("a", { markdown: "# two", reason: "editor" });
    store.setScores("a", 2, { facts: 80, logic: 70, language: 90, overall: 80 });
    expect(store.list("a").map((v) => [v.number, v.reason])).toEqual([
      [1, "initial"],
      [2, "editor"],
    ]);
    expect(store.latest("a")).toMatchObject({ markdown: "# two", version: { number: 2, scores: { overall: 80 } } });
    expect(store.get("a", 3)).toBeNull();
    store.deleteSession("a");
    expect(store.list("a")).toEqual([]);
    expect(store.list("b")).toHaveLength(1);
  });

  it("commits a model's versions at NORMAL when relaxed, and the user's text and an unrelaxed store at FULL", () => {
    const db = openDb();
    const user = new SqliteVersionStore(db.db);
    const workflow = new SqliteVersionStore(db.db, { relaxed: true });
    const levels = levelsWhenRun(db.db, /^(INSERT INTO versions|UPDATE versions SET scores)/);
    workflow.add("a", { markdown: "# draft", reason: "initial" });
    workflow.setScores("a", 1, { facts: 80, logic: 70, language: 90, overall: 80 });
    workflow.add("a", { markdown: "# revised", reason: "editor" });
    // A hand edit stored by a node from a pause's payload: the user's text, so FULL even when relaxed.
    workflow.add("a", { markdown: "# edited at the pause", reason: "manual_edit" });
    user.add("a", { markdown: "# edited in the pane", reason: "manual_edit" });
    user.setScores("a", 4, { facts: 1, logic: 2, language: 3, overall: 2 });
    expect(levels).toEqual([1, 1, 1, 2, 2, 2]);
    expect(db.db.pragma("synchronous", { simple: true })).toBe(2);
    expect(user.list("a").map((v) => [v.number, v.reason, v.scores?.overall ?? null])).toEqual([
      [1, "initial", 80],
      [2, "editor", null],
      [3, "manual_edit", null],
      [4, "manual_edit", 2],
    ]);
  });
});
