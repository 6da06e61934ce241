/**
 * Where provider keys live, apart from their configs. Electron implements it with `safeStorage`
 * (electron/main); server and CLI use {@link FileSecretStore}. Values are never logged or listed.
 */
export interface SecretStore {
  get(name: string): Promise<string | null>;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
}
