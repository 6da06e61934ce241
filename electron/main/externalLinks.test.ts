import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isAppUrl } from "./appOrigin.js";
import { isAllowedExternalUrl } from "./externalLinks.js";

const ALLOWED = ["huggingface.co", "github.com"];

describe("isAllowedExternalUrl", () => {
  it("accepts plain http(s) links to allow-listed hosts", () => {
    expect(isAllowedExternalUrl("https://huggingface.co/Qwen/Qwen2.5-3B-Instruct-GGUF", ALLOWED)).toBe(true);
    expect(isAllowedExternalUrl("http://GitHub.com/a?b=c#d", ALLOWED)).toBe(true);
  });

  it("rejects known tricks", () => {
    for (const url of [
      "https://huggingface.co@evil.example/",
      "https://user:pw@huggingface.co/",
      "https://huggingface.co.evil.example/",
      "https://evil.example/huggingface.co",
      "https://huggingface.co:8443/",
      "file:///etc/passwd",
      "javascript:alert(document.domain)",
      "JAVASCRIPT:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "app://scriptorium/index.html",
      "ms-msdt:/id",
      "vscode://file/etc",
      "//huggingface.co/",
    ]) {
      expect(isAllowedExternalUrl(url, ALLOWED), url).toBe(false);
    }
  });

  it("never accepts a non-http(s) scheme (property)", () => {
    const scheme = fc.stringMatching(/^[a-z][a-z0-9+.-]{0,10}$/).filter((s) => s !== "http" && s !== "https");
    fc.assert(
      fc.property(scheme, fc.constantFrom(...ALLOWED), fc.webPath(), (s, host, p) => {
        expect(isAllowedExternalUrl(`${s}://${host}${p}`, ALLOWED)).toBe(false);
        expect(isAllowedExternalUrl(`${s}:${host}${p}`, ALLOWED)).toBe(false);
      }),
    );
  });

  it("never accepts a URL carrying userinfo, whatever the host (property)", () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string({ minLength: 1, maxLength: 12 }), (url, user) => {
        const parsed = new URL(url);
        parsed.username = user;
        expect(isAllowedExternalUrl(parsed.href, ALLOWED)).toBe(false);
      }),
    );
  });

  it("accepts only hosts that are exactly on the list (property)", () => {
    fc.assert(
      fc.property(fc.webUrl(), (url) => {
        const host = new URL(url).hostname;
        if (isAllowedExternalUrl(url, ALLOWED)) expect(ALLOWED).toContain(host);
      }),
    );
  });
});

describe("isAppUrl", () => {
  it("accepts only app://scriptorium (and the dev origin when given)", () => {
    expect(isAppUrl("app://scriptorium/index.html")).toBe(true);
    expect(isAppUrl("app://scriptorium.evil/index.html")).toBe(false);
    expect(isAppUrl("app://x@scriptorium/")).toBe(false);
    expect(isAppUrl("https://scriptorium/")).toBe(false);
    expect(isAppUrl("http://localhost:5173/", "http://localhost:5173")).toBe(true);
    expect(isAppUrl("http://localhost:5173/")).toBe(false);
    expect(isAppUrl(undefined)).toBe(false);
    expect(isAppUrl("not a url")).toBe(false);
  });
});
