import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { EngineEvent } from "../../../../shared/events.js";
import type { ProviderConfig } from "../../../../shared/providers.js";
import { createEngine } from "../../createEngine.js";
import type { Engine } from "../../Engine.js";
import type { ProvidersPort } from "../../EngineServices.js";
import { cleanSection, outlineOf, runDocgen, sectionIndexOf, writeFiles } from "../../testing/docgenTestKit.js";
import { tempDataDir } from "../../testing/engineTestKit.js";
import { ScriptedLlm, type ScriptedCallOptions } from "../../testing/ScriptedLlm.js";
import { extractLinks, linkVerdict, pageText } from "./links/userLinks.js";

/** A real HTTP server on 127.0.0.1 (the loopback link) counting its requests. */
let server: http.Server;
let base: string;
const served: string[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    served.push(req.url ?? "");
    if (req.url === "/guide.html") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end("<html><body><h1>部署</h1><script>alert(1)</script><p>服务监听 8443 端口。</p></body></html>");
      return;
    }
    res.writeHead(404).end("no");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const engines: Engine[] = [];
const dirs: string[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(engines.splice(0).map((e) => e.dispose()));
  dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

/** Every socket the HTTP client opens, by host; a non-loopback one is blocked here (the test machine is offline). */
function watchRequests(): string[] {
  const hosts: string[] = [];
  const original = http.request.bind(http);
  vi.spyOn(http, "request").mockImplementation(((url: URL, options: http.RequestOptions) => {
    hosts.push(url.hostname);
    if (url.hostname !== "127.0.0.1") throw new Error(`test: no route to ${url.hostname}`);
    return original(url, options);
  }) as typeof http.request);
  return hosts;
}

const provider = (baseUrl: string, enabled: boolean) => ({ name: `p-${enabled}`, enabled, baseUrl }) as ProviderConfig;

async function engineWith(llm: ScriptedLlm, providers: ProviderConfig[]) {
  const dataDir = tempDataDir("docgen-links-");
  dirs.push(dataDir);
  const port = { list: async () => ({ providers }) } as unknown as ProvidersPort;
  const engine = await createEngine({ dataDir, llm, providers: port, recover: false, eventFlushIntervalMs: 1 });
  engines.push(engine);
  return engine;
}

const replies = () =>
  new ScriptedLlm({
    replies: {
      "writer.outline": outlineOf(1),
      "writer.section": (o: ScriptedCallOptions) => cleanSection(outlineOf(1).sections[sectionIndexOf(o)]!.title),
      reviewer: { violations: [] },
    },
  });
const linkEvents = (events: EngineEvent[]) => events.filter((e) => (e.type as string) === "link_checked") as unknown as Array<{ url: string; status: string; detail: string }>;

describe("user links: loopback or a configured intranet host only", () => {
  it("extracts links and judges them by the offline rule", () => {
    expect(extractLinks("见 http://127.0.0.1:9/a.md，以及（https://x.example.com/p?q=1）。再见 http://127.0.0.1:9/a.md")).toEqual(["http://127.0.0.1:9/a.md", "https://x.example.com/p?q=1"]);
    for (const url of ["http://localhost:1/x", "http://127.0.0.5/x", "http://[::1]:8/x", "http://api.localhost/x"]) expect(linkVerdict(url, []).allowed).toBe(true);
    expect(linkVerdict("http://wiki.corp:8080/p", ["wiki.corp"]).allowed).toBe(true);
    expect(linkVerdict("https://example.com/", ["wiki.corp"])).toMatchObject({ allowed: false, reason: expect.stringContaining("offline rule") });
    expect(linkVerdict("http://user:pw@127.0.0.1/", []).allowed).toBe(false);
    expect(linkVerdict("file:///etc/passwd", []).allowed).toBe(false);
    expect(pageText("text/html", "<p>a</p><script>x()</script><p>b &amp; c</p>")).toBe("a\nb & c");
  });

  it("text mode: the 127.0.0.1 page is fetched into the context, an external URL is refused with a note and never requested, a configured intranet host is tried", async () => {
    const hosts = watchRequests();
    const llm = replies();
    const engine = await engineWith(llm, [provider("http://wiki.corp.test/search", true), provider("http://disabled.corp.test/", false)]);
    const context = `部署说明见 ${base}/guide.html 。外部参考 https://docs.example.com/deploy 与 http://disabled.corp.test/x ，内网 http://wiki.corp.test/page 。`;
    const { events } = await runDocgen(engine, { input_mode: "text", topic: "部署", context });
    expect(events.at(-1)?.type).toBe("done");
    const notes = linkEvents(events);
    expect(notes.map((n) => [n.url, n.status])).toEqual([
      [`${base}/guide.html`, "fetched"],
      ["https://docs.example.com/deploy", "refused"],
      ["http://disabled.corp.test/x", "refused"],
      ["http://wiki.corp.test/page", "failed"],
    ]);
    expect(notes[1]!.detail).toContain("offline rule");
    // No request left for the refused hosts; the configured one was tried (blocked by this offline test).
    expect(hosts).toEqual(["127.0.0.1", "wiki.corp.test"]);
    expect(served).toContain("/guide.html");
    // The page's text (scripts dropped) reached the outline prompt.
    const outlinePrompt = llm.callsFor("writer", "outline")[0]!.prompt;
    expect(outlinePrompt).toContain("服务监听 8443 端口。");
    expect(outlinePrompt).not.toContain("alert(1)");
  });

  it("notes mode: links written in the notes follow the same rule", async () => {
    const hosts = watchRequests();
    const engine = await engineWith(replies(), []);
    const notes = writeFiles(tempDataDir("docgen-link-notes-"), { "a.md": `# 笔记\n\n参考 ${base}/missing 和 https://evil.example.net/x\n` });
    dirs.push(notes);
    const { events } = await runDocgen(engine, { input_mode: "notes", topic: "笔记", source_path: notes });
    expect(events.at(-1)?.type).toBe("done");
    expect(linkEvents(events).map((n) => n.status)).toEqual(["failed", "refused"]);
    expect(linkEvents(events)[0]!.detail).toContain("HTTP 404");
    expect(hosts).toEqual(["127.0.0.1"]);
  });
});
