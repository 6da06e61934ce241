import { isIP } from "node:net";

/**
 * Whether a hostname reaches only this machine: `localhost` and `*.localhost` (RFC 6761: resolvers
 * and browsers keep them on loopback), 127.0.0.0/8, `::1` and IPv4-mapped 127.x. Case-insensitive;
 * an IPv6 literal may keep its URL brackets (`[::1]`). The one loopback rule of the app: the
 * server's bind address and Host-header guard, the MCP forwarder's target, the discovery file's
 * URL and docgen's user links all ask it, so they cannot disagree.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/^\[(.*)\]$/, "$1");
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  if (isIP(name) === 4) return name.startsWith("127.");
  if (isIP(name) === 6) return name === "::1" || name === "0:0:0:0:0:0:0:1" || /^::ffff:127\./.test(name) || /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(name);
  return false;
}

/** Whether a URL (any scheme) points at this machine; a URL that does not parse is not loopback. */
export function isLoopbackUrl(url: string | URL): boolean {
  if (typeof url === "string" && !URL.canParse(url)) return false;
  const { hostname } = typeof url === "string" ? new URL(url) : url;
  return hostname !== "" && isLoopbackHost(hostname);
}

/**
 * Whether a request's `Host` header names this machine (`127.0.0.1:5173`, `[::1]:80`,
 * `localhost`). The DNS-rebinding guard: a page on `evil.example` that rebinds its name to
 * 127.0.0.1 still sends `Host: evil.example`.
 */
export function isLoopbackHostHeader(hostHeader: string | undefined): boolean {
  if (!hostHeader) return false;
  return isLoopbackUrl(`http://${hostHeader}`);
}
