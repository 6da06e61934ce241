import type Database from "better-sqlite3";
import { ScriptoriumError } from "../../../shared/errors.js";

/** One schema step of a namespace (a workflow's tables in app.db). Append new steps; never edit a shipped one. */
export interface MigrationStep {
  sql: string;
  /**
   * The step's index in the single global list that earlier versions ran (before each workflow
   * declared its own tables): a database whose global version passed it already has this step.
   */
  legacyGlobalStep?: number;
}

/** The tables one namespace adds, e.g. a workflow's (namespace = workflow id). */
export interface NamespaceMigrations {
  namespace: string;
  steps: readonly MigrationStep[];
}

/** The row of `schema_namespaces` that keeps the global version reached before namespaces existed. */
export const LEGACY_ROW = "";

const NAMED_OBJECT = /\b(?:CREATE\s+(?:UNIQUE\s+)?(?:TABLE|INDEX|VIEW|TRIGGER)(?:\s+IF\s+NOT\s+EXISTS)?|ALTER\s+TABLE|DROP\s+(?:TABLE|INDEX|VIEW|TRIGGER)(?:\s+IF\s+EXISTS)?)\s+"?(\w+)/gi;

/**
 * Refuses a step that creates, alters or drops an object outside `<namespace>_…`: a workflow's
 * tables must not collide with core tables or another workflow's.
 */
export function assertOwnNamespace(set: NamespaceMigrations): void {
  if (!/^[a-z][a-z0-9]*$/.test(set.namespace)) throw new Error(`migration namespace "${set.namespace}" must be lower-case letters and digits`);
  set.steps.forEach((step, index) => {
    for (const match of step.sql.replace(/--[^\n]*/g, "").matchAll(NAMED_OBJECT)) {
      const name = match[1] as string;
      if (!name.startsWith(`${set.namespace}_`)) {
        throw new Error(`migration ${index + 1} of "${set.namespace}" names "${name}": a namespace's tables, indexes and triggers start with "${set.namespace}_"`);
      }
    }
  });
}

/**
 * Brings every namespace to its latest step, in the order given, each step in one transaction
 * with its version recorded in `schema_namespaces`. A namespace seen for the first time on a
 * database that earlier versions migrated with one global list starts past the steps that list
 * already ran (`legacyGlobalStep`), so nothing runs twice. A namespace newer than its steps is refused.
 */
export function migrateNamespaces(db: Database.Database, sets: readonly NamespaceMigrations[], file: string = db.name): void {
  const seen = new Set<string>();
  for (const set of sets) {
    if (seen.has(set.namespace)) throw new Error(`migration namespace "${set.namespace}" is declared twice`);
    seen.add(set.namespace);
    assertOwnNamespace(set);
  }
  const versionOf = db.prepare("SELECT version FROM schema_namespaces WHERE namespace = ?").pluck();
  const record = db.prepare("INSERT INTO schema_namespaces (namespace, version) VALUES (?, ?) ON CONFLICT(namespace) DO UPDATE SET version = excluded.version");
  const legacy = (versionOf.get(LEGACY_ROW) as number | undefined) ?? 0;
  for (const set of sets) {
    let current = versionOf.get(set.namespace) as number | undefined;
    if (current === undefined) {
      current = 0;
      while (current < set.steps.length && (set.steps[current]?.legacyGlobalStep ?? Infinity) < legacy) current++;
      record.run(set.namespace, current);
    }
    if (current > set.steps.length) {
      throw new ScriptoriumError(
        "internal",
        `Database ${file} has "${set.namespace}" schema version ${current}, newer than this app supports (${set.steps.length}). Update Scriptorium.`,
        { file, namespace: set.namespace, schemaVersion: current },
      );
    }
    for (let step = current; step < set.steps.length; step++) {
      db.transaction(() => {
        db.exec((set.steps[step] as MigrationStep).sql);
        record.run(set.namespace, step + 1);
      })();
    }
  }
}
