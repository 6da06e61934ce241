import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SafeStorageSecretStore } from "./SafeStorageSecretStore.js";

const dir = mkdtempSync(path.join(tmpdir(), "scriptorium-secrets-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A reversible stand-in for the OS keychain cipher. */
const fakeSafeStorage = (available = true) => ({
  isEncryptionAvailable: () => available,
  encryptString: (text: string) => Buffer.from([...Buffer.from(text, "utf8")].map((b) => b ^ 0x5a)),
  decryptString: (buffer: Buffer) => Buffer.from([...buffer].map((b) => b ^ 0x5a)).toString("utf8"),
});

describe("SafeStorageSecretStore", () => {
  it("stores only ciphertext on disk and reads it back in a new instance", async () => {
    const store = new SafeStorageSecretStore(fakeSafeStorage(), dir);
    await store.set("provider:intranet", "sk-very-secret");
    expect(readFileSync(path.join(dir, "secrets.json"), "utf8")).not.toContain("sk-very-secret");
    const reopened = new SafeStorageSecretStore(fakeSafeStorage(), dir);
    expect(await reopened.get("provider:intranet")).toBe("sk-very-secret");
    await reopened.delete("provider:intranet");
    expect(await new SafeStorageSecretStore(fakeSafeStorage(), dir).get("provider:intranet")).toBeNull();
  });

  it("keeps every key when sets run concurrently", async () => {
    const store = new SafeStorageSecretStore(fakeSafeStorage(), dir);
    await Promise.all(["a", "b", "c", "d"].map((name) => store.set(name, `value-${name}`)));
    const reopened = new SafeStorageSecretStore(fakeSafeStorage(), dir);
    expect(await Promise.all(["a", "b", "c", "d"].map((name) => reopened.get(name)))).toEqual(["value-a", "value-b", "value-c", "value-d"]);
  });

  it("refuses to store a key when the keychain is unavailable", async () => {
    const store = new SafeStorageSecretStore(fakeSafeStorage(false), dir);
    await expect(store.set("k", "v")).rejects.toMatchObject({ code: "unavailable" });
  });
});
