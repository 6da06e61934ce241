import { z } from "zod";
import { CoreSettingsSchema } from "./coreSettings.js";
import { settingsSchemaOf, type WorkflowSettingsShape } from "./settingsSchemaOf.js";
import { WORKFLOW_CONTRACTS, type WorkflowContracts } from "./workflows/registry.js";

export const FIT = ["green", "yellow", "red", "unknown"] as const;
export type Fit = (typeof FIT)[number];

/** One entry of `models/catalog.json`. */
export const CatalogEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(["chat", "embedding", "reranker"]),
  url: z.string().url(),
  fileName: z.string(),
  sizeBytes: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/).nullable(),
  ramRequiredGb: z.number().positive(),
  parameters: z.string(),
  quant: z.string(),
  license: z.string(),
  /** The note shown under the entry, per UI locale (the settings screen shows the current locale's). */
  description: z.object({ "zh-CN": z.string(), en: z.string() }).strict(),
  languages: z.array(z.string()),
  /** The 思考 default of a thinking model (Qwen3, DeepSeek-R1); absent = a model that does not think. */
  thinking: z.enum(["off", "budget", "unlimited"]).optional(),
});
export type CatalogEntry = z.infer<typeof CatalogEntrySchema>;
export const CatalogSchema = z.object({ version: z.number().int(), models: z.array(CatalogEntrySchema) });

/**
 * One line of `models.list().warnings`: a code the UI translates (with the role and model it names)
 * and the engine's English sentence for the CLI and logs.
 * `selected_missing`: the selected `role` model `model` is gone; `embedding_fallback`: no embedding
 * model, the chat model `model` embeds the library; `no_models`: neither is selected.
 */
export const ModelWarningSchema = z.object({
  code: z.enum(["selected_missing", "embedding_fallback", "no_models"]),
  role: z.enum(["chat", "embedding"]).optional(),
  model: z.string().optional(),
  message: z.string(),
});
export type ModelWarning = z.infer<typeof ModelWarningSchema>;

export const InstalledModelSchema = z.object({
  /** File name inside the data dir's `models/`, or an absolute path for models used in place. */
  id: z.string(),
  path: z.string(),
  sizeBytes: z.number().int(),
  architecture: z.string().nullable(),
  contextLength: z.number().int().nullable(),
  hasChatTemplate: z.boolean(),
  fit: z.enum(FIT),
  /** Set when the file is listed but unusable (bad magic, unreadable header); the UI shows it flagged. */
  error: z.string().optional(),
});
export type InstalledModel = z.infer<typeof InstalledModelSchema>;

/** GGUF architectures of encoder-only models: they embed, they cannot chat. */
const EMBEDDING_ARCHITECTURES = /bert|roberta|t5encoder/i;

/** Whether an installed model can be the chat model: readable, and not an encoder-only (embedding) architecture. */
export function canChat(model: Pick<InstalledModel, "architecture" | "error">): boolean {
  return !model.error && !(model.architecture && EMBEDDING_ARCHITECTURES.test(model.architecture));
}

export { BACKENDS, CoreSettingsSchema, THINKING_MODES, ThinkingModeSchema, type Backend, type ThinkingMode } from "./coreSettings.js";

/**
 * User settings, persisted in `app.db`: the core ones plus one group per workflow that declares
 * `settings` in its contract, under its id (`article.reviewThreshold`). Every field has a default
 * so an empty db is valid.
 */
export const SettingsSchema = settingsSchemaOf(Object.values(WORKFLOW_CONTRACTS)).settings as unknown as z.ZodObject<SettingsShape>;
export type Settings = z.infer<typeof SettingsSchema>;
type SettingsShape = typeof CoreSettingsSchema.shape & WorkflowSettingsShape<WorkflowContracts>;
type PatchShape = { [K in keyof SettingsShape]: z.ZodOptional<SettingsShape[K] extends z.ZodDefault<infer T> ? T : SettingsShape[K]> };

/**
 * A partial update: only the keys present change (see settingsSchemaOf). Nested groups (`ollama`,
 * `openai`, a workflow's) are replaced whole.
 */
export const SettingsPatchSchema = settingsSchemaOf(Object.values(WORKFLOW_CONTRACTS)).patch as unknown as z.ZodObject<PatchShape>;
