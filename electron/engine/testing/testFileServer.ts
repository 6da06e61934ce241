import http from "node:http";
import type { AddressInfo } from "node:net";

/** How the test server misbehaves; shared by the download tests. */
export interface FileServerBehaviour {
  /** Destroy the socket after this many body bytes, for the first `cuts` requests. */
  cutAfterBytes?: number;
  cuts?: number;
  /** Ignore Range and always answer 200 with the whole body. */
  ignoreRange?: boolean;
  /** Answer 500 for the first N requests. */
  failFirst?: number;
  /** Send the body in chunks of this size with this pause between them (ms). */
  chunkBytes?: number;
  chunkDelayMs?: number;
}

export interface RecordedRequest {
  path: string;
  range: string | undefined;
  status: number;
  /** The Authorization header, when one was sent (tests check tokens never reach a mirror). */
  authorization?: string;
}

export interface TestFileServer {
  url(path: string): string;
  requests: RecordedRequest[];
  behaviour: FileServerBehaviour;
  close(): Promise<void>;
}

/**
 * A real node:http server on 127.0.0.1 serving in-memory files with Range support and scripted
 * faults (cut sockets, 500s, ignored ranges, trickled bodies).
 */
export async function startFileServer(files: Record<string, Buffer>, behaviour: FileServerBehaviour = {}): Promise<TestFileServer> {
  const requests: RecordedRequest[] = [];
  const state = { behaviour, served: 0 };
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const record: RecordedRequest = {
      path,
      range: req.headers.range,
      status: 0,
      ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
    };
    requests.push(record);
    const b = state.behaviour;
    const index = requests.length;
    if (b.failFirst && index <= b.failFirst) {
      record.status = 500;
      res.writeHead(500).end("boom");
      return;
    }
    if (path.startsWith("/redirect/")) {
      record.status = 302;
      res.writeHead(302, { location: path.slice("/redirect".length) }).end();
      return;
    }
    const body = files[path];
    if (!body) {
      record.status = 404;
      res.writeHead(404).end("not found");
      return;
    }
    let start = 0;
    const match = /^bytes=(\d+)-$/.exec(req.headers.range ?? "");
    if (match && !b.ignoreRange) {
      start = Number(match[1]);
      if (start >= body.length) {
        record.status = 416;
        res.writeHead(416, { "content-range": `bytes */${body.length}` }).end();
        return;
      }
      record.status = 206;
      res.writeHead(206, { "content-length": body.length - start, "content-range": `bytes ${start}-${body.length - 1}/${body.length}`, "accept-ranges": "bytes" });
    } else {
      record.status = 200;
      res.writeHead(200, { "content-length": body.length, "accept-ranges": "bytes" });
    }
    const slice = body.subarray(start);
    const cut = b.cutAfterBytes !== undefined && state.served < (b.cuts ?? 1) ? b.cutAfterBytes : null;
    if (cut !== null) state.served++;
    const chunkBytes = b.chunkBytes ?? slice.length;
    let offset = 0;
    const writeNext = () => {
      if (res.destroyed) return;
      if (cut !== null && offset >= cut) {
        res.socket?.destroy();
        return;
      }
      if (offset >= slice.length) {
        res.end();
        return;
      }
      const end = Math.min(slice.length, offset + chunkBytes, cut ?? Infinity);
      const chunk = slice.subarray(offset, end);
      offset = end;
      // Continue only once the chunk reached the kernel, so a cut never drops bytes already "sent".
      res.write(chunk, () => {
        if (b.chunkDelayMs) setTimeout(writeNext, b.chunkDelayMs);
        else setImmediate(writeNext);
      });
    };
    writeNext();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    get behaviour() {
      return state.behaviour;
    },
    set behaviour(value) {
      state.behaviour = value;
      state.served = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
