import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { z } from "zod";
import { ScriptoriumError } from "../../../shared/errors.js";
import { ProviderConfigSchema, ProviderSaveSchema, type ProviderConfig } from "../../../shared/providers.js";
import { writeFileAtomic } from "../io/atomicWrite.js";
import { isMissingJsonFile, readJsonFile } from "../io/readJsonFile.js";
import { IntranetHttpProvider, type IntranetHttpProviderOptions } from "./IntranetHttpProvider.js";
import type { SecretStore } from "./SecretStore.js";

export interface ProviderRegistryOptions {
  /** e.g. `<dataDir>/providers.json`; written atomically. */
  filePath: string;
  secrets: SecretStore;
  /** Retry/breaker tuning passed to every provider built here (tests shorten it). */
  providerDefaults?: Omit<IntranetHttpProviderOptions, "config" | "apiKey">;
}

const FileSchema = z.object({ version: z.literal(1), providers: z.array(ProviderConfigSchema) });

/** Key name in the SecretStore for a provider's bearer key. */
export const secretName = (provider: string) => `provider:${provider}`;

/**
 * CRUD of intranet provider configs (JSON file) with their keys in a SecretStore. `list()` and
 * `save()` return configs with `hasKey` only; the key itself never leaves except into a request.
 * Provider instances are cached per config so breaker state survives between searches.
 */
export class ProviderRegistry {
  private readonly options: ProviderRegistryOptions;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly instances = new Map<string, { fingerprint: string; provider: IntranetHttpProvider }>();

  constructor(options: ProviderRegistryOptions) {
    this.options = options;
  }

  async list(): Promise<ProviderConfig[]> {
    return this.read();
  }

  async get(name: string): Promise<ProviderConfig | null> {
    return (await this.read()).find((config) => config.name === name) ?? null;
  }

  /** Create or replace by name. `apiKey`: string sets, null removes, undefined keeps. */
  async save(input: z.input<typeof ProviderSaveSchema>): Promise<ProviderConfig> {
    const { config, apiKey } = ProviderSaveSchema.parse(input);
    return this.serial(async () => {
      if (apiKey === null) await this.options.secrets.delete(secretName(config.name));
      else if (apiKey !== undefined) await this.options.secrets.set(secretName(config.name), apiKey);
      const hasKey = (await this.options.secrets.get(secretName(config.name))) !== null;
      const saved: ProviderConfig = { ...config, hasKey };
      const all = (await this.read()).filter((existing) => existing.name !== config.name);
      await this.write([...all, saved]);
      return saved;
    });
  }

  delete(name: string): Promise<void> {
    return this.serial(async () => {
      const all = await this.read();
      if (!all.some((config) => config.name === name)) throw new ScriptoriumError("not_found", `No search provider named ${name}.`);
      await this.write(all.filter((config) => config.name !== name));
      await this.options.secrets.delete(secretName(name));
      this.instances.delete(name);
    });
  }

  /** A provider for `name` (enabled or not), with its key; cached while the config is unchanged. */
  async provider(name: string): Promise<IntranetHttpProvider> {
    const config = await this.get(name);
    if (!config) throw new ScriptoriumError("not_found", `No search provider named ${name}.`);
    return this.instance(config);
  }

  /** Providers for every enabled config, for SearchService. */
  async enabledProviders(): Promise<IntranetHttpProvider[]> {
    const configs = (await this.read()).filter((config) => config.enabled);
    return Promise.all(configs.map((config) => this.instance(config)));
  }

  /** A throwaway provider for an unsaved config (settings test button); uses the stored key if any. */
  async draftProvider(config: z.input<typeof ProviderConfigSchema>): Promise<IntranetHttpProvider> {
    const parsed = ProviderConfigSchema.parse(config);
    const apiKey = await this.options.secrets.get(secretName(parsed.name));
    return new IntranetHttpProvider({ ...this.options.providerDefaults, config: parsed, apiKey });
  }

  private async instance(config: ProviderConfig): Promise<IntranetHttpProvider> {
    const apiKey = await this.options.secrets.get(secretName(config.name));
    // The fingerprint includes whether a key exists and its length, never the key in clear.
    const fingerprint = JSON.stringify(config) + (apiKey ? `#${apiKey.length}:${hash(apiKey)}` : "");
    const cached = this.instances.get(config.name);
    if (cached && cached.fingerprint === fingerprint) return cached.provider;
    const provider = new IntranetHttpProvider({ ...this.options.providerDefaults, config, apiKey });
    this.instances.set(config.name, { fingerprint, provider });
    return provider;
  }

  private async read(): Promise<ProviderConfig[]> {
    try {
      return (await readJsonFile(this.options.filePath, FileSchema)).providers;
    } catch (error) {
      // No file yet: no providers. A broken file is an error naming it (never overwritten by a save).
      if (isMissingJsonFile(error)) return [];
      throw error;
    }
  }

  private async write(providers: ProviderConfig[]): Promise<void> {
    await mkdir(dirname(this.options.filePath), { recursive: true });
    await writeFileAtomic(this.options.filePath, JSON.stringify({ version: 1, providers }, null, 2));
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const next = this.queue.then(task);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

/** Cheap non-cryptographic digest for cache invalidation only. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
