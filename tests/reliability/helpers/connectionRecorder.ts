import dns from "node:dns";
import net from "node:net";

/** One outgoing connection or name lookup seen in this process. */
export interface ConnectionAttempt {
  kind: "connect" | "lookup";
  host: string | null;
  port: number | null;
  /** Unix socket / named pipe path, when that is what was connected. */
  path: string | null;
}

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "::1", "[::1]", "::ffff:127.0.0.1"]);

/** Whether a connection target stays on this machine (loopback host or a local socket path). */
export function isLocalTarget(attempt: ConnectionAttempt): boolean {
  if (attempt.path) return true;
  const host = (attempt.host ?? "localhost").toLowerCase();
  return LOOPBACK_NAMES.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * Record every `net.Socket#connect` (which http, https, fetch/undici and WebSocket clients all go
 * through) and every `dns.lookup` in this process, until `restore()`. Native code (llama.cpp,
 * LanceDB) does its own I/O and is not seen; neither opens sockets.
 */
export function recordConnections(): { attempts: ConnectionAttempt[]; restore(): void } {
  const attempts: ConnectionAttempt[] = [];
  const originalConnect = net.Socket.prototype.connect;
  const originalLookup = dns.lookup;
  const originalPromiseLookup = dns.promises.lookup;

  net.Socket.prototype.connect = function patchedConnect(this: net.Socket, ...args: unknown[]) {
    // net.connect() passes its normalised [options, callback] array as the first argument.
    const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
    if (typeof first === "object" && first !== null) {
      const options = first as { host?: string; port?: number | string; path?: string };
      attempts.push({ kind: "connect", host: options.path ? null : (options.host ?? "localhost"), port: options.port === undefined ? null : Number(options.port), path: options.path ?? null });
    } else if (typeof first === "number" || (typeof first === "string" && /^\d+$/.test(first))) {
      attempts.push({ kind: "connect", host: typeof args[1] === "string" ? args[1] : "localhost", port: Number(first), path: null });
    } else if (typeof first === "string") {
      attempts.push({ kind: "connect", host: null, port: null, path: first });
    }
    return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof net.Socket.prototype.connect;

  dns.lookup = function patchedLookup(hostname: string, ...rest: unknown[]) {
    attempts.push({ kind: "lookup", host: hostname, port: null, path: null });
    return (originalLookup as (...a: unknown[]) => unknown)(hostname, ...rest);
  } as typeof dns.lookup;
  dns.promises.lookup = function patchedPromiseLookup(hostname: string, ...rest: unknown[]) {
    attempts.push({ kind: "lookup", host: hostname, port: null, path: null });
    return (originalPromiseLookup as (...a: unknown[]) => Promise<unknown>)(hostname, ...rest);
  } as typeof dns.promises.lookup;

  return {
    attempts,
    restore() {
      net.Socket.prototype.connect = originalConnect;
      dns.lookup = originalLookup;
      dns.promises.lookup = originalPromiseLookup;
    },
  };
}
