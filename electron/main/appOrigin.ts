/**
 * The renderer's origin in Electron: a privileged standard scheme served by `protocol.handle`,
 * never `file://` (which would share an origin with every local file).
 */
export const APP_SCHEME = "app";
export const APP_HOST = "scriptorium";
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * Is `raw` a URL of our app origin (or of the dev server origin when one is given)? Compared on
 * scheme and host because WHATWG `URL.origin` is the opaque "null" for non-special schemes.
 */
export function isAppUrl(raw: string | null | undefined, devOrigin: string | null = null): boolean {
  if (!raw) return false;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST && url.username === "" && url.password === "") return true;
  return devOrigin !== null && (url.protocol === "http:" || url.protocol === "https:") && url.origin === devOrigin;
}
