import http from "node:http";
import type net from "node:net";

export type HoldFrom = (method: string, url: string) => boolean;

export interface HoldingProxy {
  endpoint: string;
  /** Resolves once a request was held (the current hold's, see `hold`). */
  readonly held: Promise<void>;
  /**
   * Sends the held requests on, and every later one at once — or, given `next`, holds again from
   * the first later request matching it (and resets `held`): e.g. a desk let through its create's
   * commit stops again right after it.
   */
  release(next?: HoldFrom): void;
  stop(): Promise<void>;
}

/**
 * A plain HTTP proxy on 127.0.0.1 in front of an S3 server that holds the first request matching
 * `holdFrom`, and all requests after it, until released: e.g. a desk behind it stops at its first
 * write into a table — between Lance's "is the table there?" check and its create's commit — so a
 * test can let another desk go first. Headers pass as they are (the SigV4 signature covers Host).
 * A hold depends only on the order of a desk's own requests, never on time, so a loaded machine
 * forces the same interleaving.
 */
export async function startHoldingProxy(
  target: string,
  holdFrom: HoldFrom,
  /** Told each answer before the desk sees it, so a hold can depend on what the store said (a commit that succeeded). */
  onAnswer?: (method: string, url: string, status: number) => void,
): Promise<HoldingProxy> {
  const to = new URL(target);
  let gate: HoldFrom | null = holdFrom;
  let holding = false;
  const waiting: Array<() => void> = [];
  let heldNow!: () => void;
  let held!: Promise<void>;
  const arm = (from: HoldFrom) => {
    gate = from;
    holding = false;
    held = new Promise<void>((resolve) => (heldNow = resolve));
  };
  arm(holdFrom);
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const forward = () => {
      const upstream = http.request(
        { hostname: to.hostname, port: to.port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          onAnswer?.(req.method ?? "", req.url ?? "", answer.statusCode ?? 502);
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on("error", () => res.destroy());
      req.pipe(upstream);
    };
    if (gate && (holding || gate(req.method ?? "", req.url ?? ""))) {
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
    get held() {
      return held;
    },
    release: (next) => {
      const go = waiting.splice(0);
      if (next) arm(next);
      else gate = null;
      for (const forward of go) forward();
    },
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
