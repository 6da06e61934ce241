import http from "node:http";
import type { AddressInfo } from "node:net";

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Handler = (req: SeenRequest, res: http.ServerResponse, index: number) => void;

export interface TestJsonServer {
  url: string;
  requests: SeenRequest[];
  handler: Handler;
  close(): Promise<void>;
}

/** A real node:http server on 127.0.0.1 whose behaviour each test scripts with `handler`. */
export async function startJsonServer(handler: Handler): Promise<TestJsonServer> {
  const requests: SeenRequest[] = [];
  const state = { handler };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const seen = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      requests.push(seen);
      state.handler(seen, res, requests.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/search`,
    requests,
    get handler() {
      return state.handler;
    },
    set handler(value) {
      state.handler = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Reply with JSON. */
export function json(res: http.ServerResponse, value: unknown, status = 200): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body);
}
