import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CONTENT_SECURITY_POLICY } from "../server/contentSecurityPolicy.js";
import { createAppProtocolHandler } from "./appProtocol.js";

const root = mkdtempSync(path.join(tmpdir(), "scriptorium-app-"));
const dist = path.join(root, "renderer");
mkdirSync(path.join(dist, "assets"), { recursive: true });
writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>app</title>");
writeFileSync(path.join(dist, "assets", "main.js"), "export {}");
writeFileSync(path.join(root, "secret.txt"), "TOP-SECRET");
afterAll(() => rmSync(root, { recursive: true, force: true }));

const handler = createAppProtocolHandler(dist);

describe("app:// protocol handler", () => {
  it("serves the renderer with MIME type, CSP and nosniff, and falls back to index.html", async () => {
    const index = await handler(new Request("app://scriptorium/index.html"));
    expect(index.status).toBe(200);
    expect(index.headers.get("content-security-policy")).toBe(CONTENT_SECURITY_POLICY);
    expect(index.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await index.text()).toContain("<title>app</title>");
    const js = await handler(new Request("app://scriptorium/assets/main.js"));
    expect(js.headers.get("content-type")).toContain("text/javascript");
    expect(await (await handler(new Request("app://scriptorium/article/123"))).text()).toContain("<title>app</title>");
  });

  it("refuses paths outside the dist dir and other hosts", async () => {
    for (const url of ["app://scriptorium/../secret.txt", "app://scriptorium/%2e%2e/secret.txt", "app://scriptorium/..%2fsecret.txt", "app://scriptorium/..%5csecret.txt", "app://other/index.html"]) {
      const response = await handler(new Request(url));
      expect(await response.text(), url).not.toContain("TOP-SECRET");
    }
    expect((await handler(new Request("app://scriptorium/%2e%2e/secret.txt"))).status).toBe(404);
    expect((await handler(new Request("app://other/index.html"))).status).toBe(404);
  });
});
