import path from "node:path";
import type { SafeStorage } from "electron";
import { ScriptoriumError } from "../../shared/errors.js";
import type { SecretStore } from "../engine/search/SecretStore.js";
import { writeFileAtomic } from "../engine/io/atomicWrite.js";
import { isMissingJsonFile, readJsonFileSync } from "../engine/io/readJsonFile.js";
import { SecretsFileSchema } from "../engine/search/FileSecretStore.js";

/**
 * Provider API keys encrypted with the OS keychain (`safeStorage`: Keychain, DPAPI, libsecret)
 * and kept as base64 ciphertext in `<userData>/secrets.json`. Plaintext never touches disk.
 */
export class SafeStorageSecretStore implements SecretStore {
  private readonly file: string;
  private cache: Record<string, string> | null = null;
  /** Writes run one at a time so two concurrent `set`s cannot drop each other's key. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly safeStorage: Pick<SafeStorage, "isEncryptionAvailable" | "encryptString" | "decryptString">,
    dataDir: string,
  ) {
    this.file = path.join(dataDir, "secrets.json");
  }

  async get(name: string): Promise<string | null> {
    const cipher = this.load()[name];
    if (cipher === undefined) return null;
    this.requireEncryption();
    return this.safeStorage.decryptString(Buffer.from(cipher, "base64"));
  }

  async set(name: string, value: string): Promise<void> {
    this.requireEncryption();
    const cipher = this.safeStorage.encryptString(value).toString("base64");
    await this.serial(async () => {
      const next = { ...this.load(), [name]: cipher };
      await writeFileAtomic(this.file, JSON.stringify(next, null, 2));
      this.cache = next;
    });
  }

  async delete(name: string): Promise<void> {
    await this.serial(async () => {
      const current = this.load();
      if (!(name in current)) return;
      const next = { ...current };
      delete next[name];
      await writeFileAtomic(this.file, JSON.stringify(next, null, 2));
      this.cache = next;
    });
  }

  private serial(work: () => Promise<void>): Promise<void> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private requireEncryption(): void {
    // On Linux without a keyring safeStorage would fall back to a hard-coded key: refuse instead.
    if (!this.safeStorage.isEncryptionAvailable()) {
      throw new ScriptoriumError("unavailable", "The system keychain is not available, so API keys cannot be stored securely.");
    }
  }

  private load(): Record<string, string> {
    if (this.cache) return this.cache;
    try {
      this.cache = readJsonFileSync(this.file, SecretsFileSchema);
    } catch (error) {
      // No file yet: no secrets. A broken file is an error naming it, so a save never overwrites it.
      if (!isMissingJsonFile(error)) throw error;
      this.cache = {};
    }
    return this.cache;
  }
}
