import { timingSafeEqual, createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** Constant-time comparison; both sides are hashed first so their lengths leak nothing either. */
export function tokenMatches(expected: string, given: string | null | undefined): boolean {
  if (!given) return false;
  const a = createHash("sha256").update(expected).digest();
  const b = createHash("sha256").update(given).digest();
  return timingSafeEqual(a, b);
}

/** The token a request carries: `Authorization: Bearer <t>` or `?token=<t>` (for EventSource and links). */
export function requestToken(req: IncomingMessage, url: URL): string | null {
  const header = req.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(.+)$/i.exec(header.trim());
    if (match?.[1]) return match[1];
  }
  return url.searchParams.get("token");
}
