import { z } from "zod";

/** A file the engine hands back whole (a backup or diagnostics zip), base64 like `documents.export`'s binary formats. */
const ZipFileSchema = z.object({ fileName: z.string(), mimeType: z.literal("application/zip"), encoding: z.literal("base64"), content: z.string() });

/** The data dir's backup, restore and diagnostics as methods, for Settings (the CLI has `backup`, `restore`, `diagnostics`). */
export const BackupMethods = {
  /** app.db (online backup), LanceDB tables, guides and providers; `secrets.json` only with `withSecrets`. */
  create: {
    input: z.object({ withSecrets: z.boolean().default(false) }).strict(),
    output: ZipFileSchema.extend({ entries: z.number().int(), withSecrets: z.boolean() }),
  },
  /**
   * Checks a backup zip at `path` and stages it as `<dataDir>/restore-pending.zip`: the open app.db
   * cannot be replaced, so the next start applies it (the old files kept in before-restore-<time>/).
   * Refused while a run is active.
   */
  restore: {
    input: z.object({ path: z.string().min(1).max(4096) }).strict(),
    output: z.object({ staged: z.literal(true), createdAt: z.string(), entries: z.number().int(), withSecrets: z.boolean() }),
  },
  /** 导出诊断信息: logs, versions and settings, no documents and no keys. */
  diagnostics: { input: z.object({}).strict(), output: ZipFileSchema.extend({ entries: z.array(z.string()) }) },
} as const;
