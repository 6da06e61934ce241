import { describe, expect, it } from "vitest";
import { readAccessToken } from "./accessToken.js";
import type { TokenEnvironment } from "./accessToken.js";

function env(href: string, stored: string | null = null) {
  const storage = new Map<string, string>();
  if (stored) storage.set("scriptorium.token", stored);
  const replaced: string[] = [];
  const environment: TokenEnvironment = {
    location: { href },
    sessionStorage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v) },
    history: { state: null, replaceState: (_s, _t, url) => void replaced.push(String(url)) },
  };
  return { environment, storage, replaced };
}

describe("readAccessToken", () => {
  it("takes ?token= from the URL, stores it and strips it from the address bar", () => {
    const e = env("http://127.0.0.1:5000/?token=abc123xyz&x=1#/article/s1");
    expect(readAccessToken(e.environment)).toBe("abc123xyz");
    expect(e.storage.get("scriptorium.token")).toBe("abc123xyz");
    expect(e.replaced).toEqual(["/?x=1#/article/s1"]);
  });

  it("falls back to sessionStorage after a reload, and to null", () => {
    expect(readAccessToken(env("http://127.0.0.1:5000/", "stored-token").environment)).toBe("stored-token");
    expect(readAccessToken(env("http://127.0.0.1:5000/").environment)).toBeNull();
  });
});
