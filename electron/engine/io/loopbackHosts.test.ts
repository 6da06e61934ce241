import { describe, expect, it } from "vitest";
import { isLoopbackHost, isLoopbackHostHeader, isLoopbackUrl } from "./loopbackHosts.js";

describe("isLoopbackHost", () => {
  it.each(["localhost", "LOCALHOST", "app.localhost", "127.0.0.1", "127.5.6.7", "::1", "[::1]", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1", "[::ffff:7f00:1]"])("accepts %s", (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each(["", "0.0.0.0", "10.0.0.1", "128.0.0.1", "::", "::ffff:10.0.0.1", "localhost.evil.example", "evil-localhost", "127.0.0.1.nip.io", "example.com"])("refuses %s", (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});

describe("isLoopbackUrl", () => {
  it("reads the URL's hostname, whatever the port, path or numeric spelling", () => {
    expect(isLoopbackUrl("http://127.0.0.1:5173/api")).toBe(true);
    expect(isLoopbackUrl("http://[::1]:8080")).toBe(true);
    expect(isLoopbackUrl("http://127.1/")).toBe(true);
    expect(isLoopbackUrl(new URL("https://localhost"))).toBe(true);
  });

  it("refuses remote hosts, credentials tricks and what does not parse", () => {
    expect(isLoopbackUrl("http://localhost@evil.example/")).toBe(false);
    expect(isLoopbackUrl("http://evil.example/?localhost")).toBe(false);
    expect(isLoopbackUrl("not a url")).toBe(false);
    expect(isLoopbackUrl("file:///etc/passwd")).toBe(false);
  });
});

describe("isLoopbackHostHeader (DNS-rebinding guard)", () => {
  it("accepts loopback Host headers with or without a port", () => {
    for (const header of ["127.0.0.1:4000", "localhost", "[::1]:80", "LocalHost:1"]) expect(isLoopbackHostHeader(header)).toBe(true);
  });

  it("refuses a rebound name, a missing header and garbage", () => {
    for (const header of [undefined, "", "evil.example", "evil.example:4000", "127.0.0.1 evil", "a b"]) expect(isLoopbackHostHeader(header)).toBe(false);
  });
});
