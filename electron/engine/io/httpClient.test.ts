import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HttpFailure, httpRequest, limitedFetch, openHttp } from "./httpClient.js";
import { backoffDelay, parseRetryAfter } from "./retryPolicy.js";
import { readSse } from "./sseReader.js";

let server: http.Server;
let handler: http.RequestListener = (_req, res) => res.end("ok");
let origin = "";
beforeEach(async () => {
  server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
const limits = { connectMs: 1_000, headersMs: 300, idleMs: 300, totalMs: 2_000, maxBytes: 1_000 };
async function failure(promise: Promise<unknown>): Promise<HttpFailure> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(HttpFailure);
  return error as HttpFailure;
}

describe("httpClient", () => {
  it("headers timeout, idle timeout and byte cap (before and after gzip) each fail with their kind", async () => {
    handler = () => undefined; // never answers
    expect((await failure(httpRequest({ url: origin, limits }))).kind).toBe("headers_timeout");
    handler = (_req, res) => {
      res.writeHead(200);
      res.write("a"); // then silence
    };
    expect((await failure(httpRequest({ url: origin, limits }))).kind).toBe("idle_timeout");
    handler = (_req, res) => res.end("x".repeat(2_000));
    expect((await failure(httpRequest({ url: origin, limits }))).kind).toBe("too_large");
    handler = (_req, res) => {
      res.writeHead(200, { "content-encoding": "gzip" });
      res.end(zlib.gzipSync("y".repeat(50_000))); // small on the wire, a bomb once decoded
    };
    const bomb = await failure(httpRequest({ url: origin, limits }));
    expect(bomb.kind).toBe("too_large");
    expect(bomb.retryable).toBe(false);
  });

  it("decodes gzip, does not follow redirects unless asked, and honours an abort", async () => {
    handler = (req, res) => {
      if (req.url === "/moved") return res.writeHead(302, { location: "/here" }).end();
      res.writeHead(200, { "content-encoding": "gzip" });
      res.end(zlib.gzipSync("hello"));
    };
    expect((await httpRequest({ url: `${origin}/x`, limits })).text).toBe("hello");
    expect((await httpRequest({ url: `${origin}/moved`, limits })).status).toBe(302);
    const opened = await openHttp({ url: `${origin}/moved`, limits, maxRedirects: 2 });
    expect(opened.finalUrl).toBe(`${origin}/here`);
    opened.response.resume();
    handler = () => undefined;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    expect((await failure(httpRequest({ url: origin, limits: { ...limits, headersMs: 5_000 }, signal: controller.signal }))).kind).toBe("aborted");
    expect((await failure(httpRequest({ url: "ftp://x", limits }))).kind).toBe("bad_url");
  });

  it("limitedFetch streams a response under the same limits, and readSse reads its events in order", async () => {
    handler = (_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      let i = 0;
      const timer = setInterval(() => {
        if (i === 3) {
          clearInterval(timer);
          return res.end("data: [DONE]\n\n");
        }
        res.write(`id: ${i}\ndata: {"n":${i}}\n\n`.slice(0, 5));
        res.write(`id: ${i}\ndata: {"n":${i}}\n\n`.slice(5));
        i++;
      }, 10);
    };
    const response = await limitedFetch({ ...limits, maxBytes: 10_000 })(origin, { method: "POST", body: "{}" });
    expect(response.status).toBe(200);
    const data: string[] = [];
    for await (const event of readSse(response.body!)) data.push(event.data);
    expect(data).toEqual(['{"n":0}', '{"n":1}', '{"n":2}', "[DONE]"]);
  });
});

describe("retryPolicy", () => {
  it("full jitter under an exponential ceiling, Retry-After honoured up to the cap", () => {
    const options = { baseMs: 100, capMs: 1_000 };
    expect(backoffDelay(1, options, null, () => 1)).toBe(100);
    expect(backoffDelay(3, options, null, () => 1)).toBe(400);
    expect(backoffDelay(10, options, null, () => 1)).toBe(1_000);
    expect(backoffDelay(1, options, null, () => 0)).toBe(0);
    expect(backoffDelay(1, options, 700, () => 0)).toBe(700);
    expect(backoffDelay(1, options, 9_000, () => 0)).toBe(1_000);
    expect(parseRetryAfter("2")).toBe(2_000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(parseRetryAfter("soon")).toBeNull();
  });
});
