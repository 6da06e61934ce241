import http from "node:http";
import type net from "node:net";

export interface HoldingProxy {
  endpoint: string;
  /** Resolves once a request was held. */
  held: Promise<void>;
  /** Sends the held requests on, and every later one at once. */
  release(): void;
  stop(): Promise<void>;
}

/**
 * A plain HTTP proxy on 127.0.0.1 in front of an S3 server that holds the first request matching
 * `holdFrom`, and all requests after it, until released: e.g. a desk behind it stops at its first
 * write into a table — between Lance's "is the table there?" check and its create's commit — so a
 * test can let another desk go first. Headers pass as they are (the SigV4 signature covers Host).
 */
export async function startHoldingProxy(target: string, holdFrom: (method: string, url: string) => boolean): Promise<HoldingProxy> {
  const to = new URL(target);
  let released = false;
  let holding = false;
  const waiting: Array<() => void> = [];
  let heldNow!: () => void;
  const held = new Promise<void>((resolve) => (heldNow = resolve));
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const forward = () => {
      const upstream = http.request(
        { hostname: to.hostname, port: to.port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on("error", () => res.destroy());
      req.pipe(upstream);
    };
    if (!released && (holding || holdFrom(req.method ?? "", req.url ?? ""))) {
      holding = true;
      waiting.push(forward);
      heldNow();
      return;
    }
    forward();
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    held,
    release: () => {
      released = true;
      for (const forward of waiting.splice(0)) forward();
    },
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
