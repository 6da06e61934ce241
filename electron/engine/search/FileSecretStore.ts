import { chmod, mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { z } from "zod";
import { writeFileAtomic } from "../io/atomicWrite.js";
import { isMissingJsonFile, readJsonFile } from "../io/readJsonFile.js";
import type { SecretStore } from "./SecretStore.js";

/** `{ name: secret }`; an entry that is not a string is dropped rather than failing the whole file. */
export const SecretsFileSchema = z.record(z.string(), z.unknown()).transform((value) => Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string")));

/**
 * Secrets in a JSON file readable only by the user (mode 0600), for server and CLI mode where no
 * OS keychain is available. Plain text at rest: the file mode is the protection.
 */
export class FileSecretStore implements SecretStore {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly filePath: string) {}

  async get(name: string): Promise<string | null> {
    return (await this.read())[name] ?? null;
  }

  set(name: string, value: string): Promise<void> {
    return this.update((secrets) => {
      secrets[name] = value;
    });
  }

  delete(name: string): Promise<void> {
    return this.update((secrets) => {
      delete secrets[name];
    });
  }

  /**
   * No file yet is no secrets; a file that cannot be read or parsed is an error naming it, so a save
   * never overwrites the keys it could not read.
   */
  private async read(): Promise<Record<string, string>> {
    try {
      return await readJsonFile(this.filePath, SecretsFileSchema);
    } catch (error) {
      if (isMissingJsonFile(error)) return {};
      throw error;
    }
  }

  /** Serialised read-modify-write so concurrent saves do not lose each other's keys. */
  private update(change: (secrets: Record<string, string>) => void): Promise<void> {
    const next = this.queue.then(async () => {
      const secrets = await this.read();
      change(secrets);
      await mkdir(dirname(this.filePath), { recursive: true });
      await writeFileAtomic(this.filePath, JSON.stringify(secrets, null, 2), { mode: 0o600, what: "the secret store" });
      await chmod(this.filePath, 0o600);
    });
    this.queue = next.catch(() => undefined);
    return next;
  }
}
