import http from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { BibLibrary } from "../../electron/engine/workflows/paper/library/bibLibrary.js";
import { importZotero } from "../../electron/engine/workflows/paper/library/zoteroImport.js";
import { buildPaperPdf } from "./paperPdf.js";
import { paperKit, type PaperKit } from "./paperTestKit.js";

const kits: PaperKit[] = [];
const servers: http.Server[] = [];
afterEach(async () => {
  for (const kit of kits.splice(0)) await kit.close();
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

/** Zotero Web API v3 shapes (https://www.zotero.org/support/dev/web_api/v3/basics), as the local API serves them. */
function zoteroItem(key: string, data: Record<string, unknown>, pdfKey?: string) {
  return {
    key,
    version: 12,
    library: { type: "user", id: 0, name: "My Library" },
    links: {
      self: { href: `http://localhost:23119/api/users/0/items/${key}`, type: "application/json" },
      ...(pdfKey ? { attachment: { href: `http://localhost:23119/api/users/0/items/${pdfKey}`, type: "application/json", attachmentType: "application/pdf", attachmentSize: 1234 } } : {}),
    },
    meta: { creatorSummary: "Lin", numChildren: pdfKey ? 1 : 0 },
    data: { key, version: 12, ...data },
  };
}
function attachment(key: string, parent: string, file: string) {
  return {
    key,
    version: 12,
    links: { self: { href: `http://localhost:23119/api/users/0/items/${key}` }, up: { href: `http://localhost:23119/api/users/0/items/${parent}` }, enclosure: { href: pathToFileURL(file).href, type: "application/pdf", title: "paper.pdf", length: 1234 } },
    data: { key, version: 12, parentItem: parent, itemType: "attachment", linkMode: "imported_file", title: "Full Text PDF", contentType: "application/pdf", filename: "paper.pdf" },
  };
}

/** A loopback server answering the local API's routes; `requests` records every method + path. */
async function zoteroServer(routes: Record<string, unknown>, status = 200): Promise<{ url: string; requests: string[] }> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const route = (req.url ?? "").split("?")[0]!;
    if (status !== 200) {
      res.writeHead(status, { "Content-Type": "text/plain" }).end("Local API is not enabled");
      return;
    }
    const body = routes[route];
    if (body === undefined) {
      res.writeHead(404).end("Not found");
      return;
    }
    res.writeHead(200, { "Content-Type": "application/json", "Total-Results": String(Array.isArray(body) ? body.length : 1), "Zotero-API-Version": "3" }).end(JSON.stringify(body));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

describe("Zotero import (local API)", () => {
  it("imports a collection with two PDFs, skipping the one imported before, read-only", async () => {
    const kit = paperKit();
    kits.push(kit);
    const bib = new BibLibrary(kit.library, kit.appDb.db);
    const first = kit.write("zotero/storage/AAAA1111/paper.pdf", await buildPaperPdf(2));
    const second = kit.write("zotero/storage/BBBB2222/paper.pdf", await buildPaperPdf(3));
    const itemA = zoteroItem("ITEMAAAA", { itemType: "journalArticle", title: "Sparse routing transformers", creators: [{ creatorType: "author", firstName: "Mei", lastName: "Lin" }], date: "2024-03-01", publicationTitle: "Journal of Document AI", volume: "7", issue: "2", pages: "11-29", DOI: "10.1234/jdai.2024.7" }, "AAAA1111");
    const itemB = zoteroItem("ITEMBBBB", { itemType: "conferencePaper", title: "Routing for long documents", creators: [{ creatorType: "author", firstName: "Jun", lastName: "Park" }, { creatorType: "author", name: "Scriptorium Lab" }], date: "2023", proceedingsTitle: "Proceedings of DocAI 2023", place: "Beijing", publisher: "ACL" }, "BBBB2222");
    const note = { key: "NOTE0001", data: { key: "NOTE0001", itemType: "note", note: "<p>to read</p>" } };
    const { url, requests } = await zoteroServer({
      "/api/users/0/collections/COLL0001/items/top": [itemA],
      "/api/users/0/collections/COLL0002/items/top": [itemA, itemB, note],
      "/api/users/0/items/ITEMAAAA/children": [attachment("AAAA1111", "ITEMAAAA", first)],
      "/api/users/0/items/ITEMBBBB/children": [attachment("BBBB2222", "ITEMBBBB", second)],
    });

    const before = await importZotero(bib, { url, collection: "COLL0001" });
    expect(before.imported).toHaveLength(1);
    expect(before.imported[0]).toMatchObject({ citation_key: "ITEMAAAA", kind: "pdf", existing: false });

    const result = await importZotero(bib, { url, collection: "COLL0002" });
    expect(result.skipped).toEqual([{ key: "ITEMAAAA", title: "Sparse routing transformers", doc_id: before.imported[0]!.doc_id }]);
    expect(result.imported).toHaveLength(1);
    expect(result.imported[0]).toMatchObject({ citation_key: "ITEMBBBB", kind: "pdf", existing: false, title: "Routing for long documents" });

    const papers = kit.library.list();
    expect(papers).toHaveLength(2);
    expect(papers.every((p) => p.pages > 0)).toBe(true);
    const b = kit.library.get(result.imported[0]!.doc_id);
    expect(b.authors).toEqual(["Jun Park", "Scriptorium Lab"]);
    expect(bib.cslOf(before.imported[0]!.doc_id)).toMatchObject({ type: "article-journal", "container-title": "Journal of Document AI", DOI: "10.1234/jdai.2024.7", issued: { "date-parts": [[2024, 3, 1]] } });
    expect(bib.cslOf(b.doc_id)).toMatchObject({ type: "paper-conference", "container-title": "Proceedings of DocAI 2023", "publisher-place": "Beijing" });
    expect(requests.every((r) => r.startsWith("GET /api/users/0/"))).toBe(true);
  });

  it("says how to turn the local API on when Zotero is not running or the API is off, and changes nothing", async () => {
    const kit = paperKit();
    kits.push(kit);
    const bib = new BibLibrary(kit.library, kit.appDb.db);
    // Nothing listens on this port: the server is opened and closed again.
    const closed = await zoteroServer({});
    await new Promise((resolve) => servers.pop()!.close(resolve));
    await expect(importZotero(bib, { url: closed.url })).rejects.toThrow(/Zotero is not answering.*Allow other applications/);
    const off = await zoteroServer({}, 403);
    await expect(importZotero(bib, { url: off.url })).rejects.toThrow(/local API is off \(HTTP 403.*Allow other applications/);
    await expect(importZotero(bib, { url: "http://192.168.1.5:23119" })).rejects.toThrow(/not an http:\/\/127\.0\.0\.1/);
    await expect(importZotero(bib, { url: off.url, collection: "../x" })).rejects.toThrow(/collection key/);
    expect(kit.library.list()).toHaveLength(0);
  });
});
