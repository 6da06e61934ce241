const STORAGE_KEY = "scriptorium.token";

/** The parts of `window` the token lookup touches, injectable for tests. */
export interface TokenEnvironment {
  location: Pick<Location, "href">;
  sessionStorage: Pick<Storage, "getItem" | "setItem">;
  history: Pick<History, "replaceState" | "state">;
}

/**
 * The server's access token for browser mode. The printed URL carries `?token=`; it is moved to
 * sessionStorage (so a reload keeps working) and removed from the address bar (so it does not end
 * up in bookmarks, screenshots or the history).
 */
export function readAccessToken(env: TokenEnvironment = window): string | null {
  const url = new URL(env.location.href);
  const fromUrl = url.searchParams.get("token");
  if (fromUrl) {
    try {
      env.sessionStorage.setItem(STORAGE_KEY, fromUrl);
      url.searchParams.delete("token");
      env.history.replaceState(env.history.state, "", url.pathname + url.search + url.hash);
    } catch {
      // Storage disabled (privacy mode): keep the token in the URL rather than lose it.
    }
    return fromUrl;
  }
  try {
    return env.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}
