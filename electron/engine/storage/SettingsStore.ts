import type Database from "better-sqlite3";
import type { z } from "zod";
import { ScriptoriumError, formatZodError } from "../../../shared/errors.js";
import { SettingsPatchSchema, SettingsSchema } from "../../../shared/models.js";
import type { Settings } from "../../../shared/models.js";

type SettingsKey = keyof Settings;

/**
 * User settings in `app.db`, one row per top-level key. `get()` always returns a complete
 * `Settings` (defaults filled in; a stored value that no longer validates falls back to its default).
 */
export class SettingsStore {
  private readonly db: Database.Database;
  private cached: Settings | null = null;
  private readonly listeners = new Set<(settings: Settings) => void>();
  private readonly schema: z.ZodObject;
  private readonly patchSchema: z.ZodObject;

  /** `schemas`: the settings of the engine's workflows (settingsSchemaOf); default: the built-in ones. */
  constructor(db: Database.Database, schemas: { settings: z.ZodObject; patch: z.ZodObject } = { settings: SettingsSchema, patch: SettingsPatchSchema }) {
    this.db = db;
    this.schema = schemas.settings;
    this.patchSchema = schemas.patch;
  }

  get(): Settings {
    if (this.cached) return this.cached;
    const rows = this.db.prepare("SELECT key, json FROM settings").all() as Array<{ key: string; json: string }>;
    const shape = this.schema.shape as Record<string, { safeParse(v: unknown): { success: boolean } }>;
    const raw: Record<string, unknown> = {};
    for (const row of rows) {
      const field = shape[row.key];
      if (!field) continue; // a key from an older or newer version: ignore it
      let value: unknown;
      try {
        value = JSON.parse(row.json);
      } catch {
        continue;
      }
      if (field.safeParse(value).success) raw[row.key] = value;
    }
    this.cached = this.schema.parse(raw) as Settings;
    return this.cached;
  }

  /** Validate a partial patch, persist the changed keys in one transaction, return the new settings. */
  update(patch: unknown): Settings {
    const parsedPatch = this.patchSchema.safeParse(patch);
    if (!parsedPatch.success) throw new ScriptoriumError("bad_request", formatZodError(parsedPatch.error), { issues: parsedPatch.error.issues });
    const merged = this.schema.safeParse({ ...this.get(), ...parsedPatch.data });
    if (!merged.success) throw new ScriptoriumError("bad_request", formatZodError(merged.error), { issues: merged.error.issues });
    const next = merged.data as Settings;
    const upsert = this.db.prepare("INSERT INTO settings(key, json) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET json = excluded.json");
    this.db.transaction(() => {
      for (const key of Object.keys(parsedPatch.data) as SettingsKey[]) {
        upsert.run(key, JSON.stringify(next[key]));
      }
    })();
    this.cached = next;
    for (const listener of this.listeners) listener(next);
    return next;
  }

  /** Called after every successful update (e.g. the LLM service reloads on a model change). */
  onChange(listener: (settings: Settings) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
