import { describe, expect, it } from "vitest";
import { parseServerArgs } from "./parseServerArgs.js";

describe("parseServerArgs", () => {
  it("reads every flag", () => {
    expect(parseServerArgs(["--port", "8080", "--data-dir", "/tmp/d", "--token", "abcdefgh12", "--model", "m.gguf", "--no-open"])).toEqual({
      port: 8080,
      dataDir: "/tmp/d",
      token: "abcdefgh12",
      modelPath: "m.gguf",
      open: false,
      host: "127.0.0.1",
    });
    expect(parseServerArgs([])).toMatchObject({ port: 0, open: true, token: null });
  });

  it("rejects unknown flags, bad ports, short tokens and non-loopback hosts with one line", () => {
    for (const argv of [["--bogus"], ["--port", "x"], ["--port", "70000"], ["--token", "short"], ["--host", "0.0.0.0"], ["stray"]]) {
      expect(() => parseServerArgs(argv)).toThrow(/^[^\n]+$/);
    }
  });
});
