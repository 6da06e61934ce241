import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { tempDirsPerTest } from "../testing/tempDirsPerTest.js";
import { FileSecretStore } from "../search/FileSecretStore.js";
import { isMissingJsonFile, JsonFileError, readJsonFile, readJsonFileSync } from "./readJsonFile.js";

const tempDir = tempDirsPerTest("read-json-");
const Schema = z.object({ name: z.string(), count: z.number().int() });

describe("readJsonFile / readJsonFileSync", () => {
  it("returns the parsed, schema-checked value (the schema's output: defaults and transforms applied)", async () => {
    const file = path.join(tempDir(), "ok.json");
    fs.writeFileSync(file, JSON.stringify({ name: "a", count: 2, extra: true }));
    expect(await readJsonFile(file, Schema)).toEqual({ name: "a", count: 2 });
    expect(readJsonFileSync(file, Schema.extend({ tag: z.string().default("x") }))).toEqual({ name: "a", count: 2, tag: "x" });
  });

  it("a missing file is not_found naming the file, which callers with a default can tell apart", async () => {
    const file = path.join(tempDir(), "missing.json");
    const error = await readJsonFile(file, Schema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonFileError);
    expect(error).toMatchObject({ code: "not_found", problem: "missing", file, message: `${file}: does not exist` });
    expect(isMissingJsonFile(error)).toBe(true);
    expect(() => readJsonFileSync(file, Schema)).toThrow(`${file}: does not exist`);
  });

  it("a file cut short is not_json, naming the file and the parser's complaint", async () => {
    const file = path.join(tempDir(), "short.json");
    fs.writeFileSync(file, '{"name": "a", "co');
    const error = (await readJsonFile(file, Schema).catch((e: unknown) => e)) as JsonFileError;
    expect(error).toMatchObject({ code: "bad_request", problem: "not_json" });
    expect(error.message).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: is not valid JSON \\(`));
    expect(isMissingJsonFile(error)).toBe(false);
  });

  it("JSON of the wrong shape is invalid, naming the file and each field's problem", () => {
    const file = path.join(tempDir(), "shape.json");
    fs.writeFileSync(file, JSON.stringify({ name: 3, count: 1.5 }));
    expect(() => readJsonFileSync(file, Schema)).toThrow(/shape\.json: does not have the expected shape \(name: .*; count: .*\)/);
  });

  it("a path that cannot be read (a directory) is unreadable with the system's code", async () => {
    const dir = tempDir();
    await expect(readJsonFile(dir, Schema)).rejects.toMatchObject({ problem: "unreadable", message: `${dir}: cannot be read (EISDIR)` });
  });
});

describe("a persisted file read through it: FileSecretStore", () => {
  it("no file is no secrets; a broken file is an error naming it, and a save leaves it as it was", async () => {
    const file = path.join(tempDir(), "secrets.json");
    const store = new FileSecretStore(file);
    expect(await store.get("openai")).toBeNull();
    await store.set("openai", "sk-1");
    expect(await store.get("openai")).toBe("sk-1");
    fs.writeFileSync(file, '{"openai": "sk-1", "intra');
    await expect(store.get("openai")).rejects.toThrow(`${file}: is not valid JSON`);
    await expect(store.set("other", "x")).rejects.toThrow(/is not valid JSON/);
    expect(fs.readFileSync(file, "utf8")).toBe('{"openai": "sk-1", "intra');
  });
});
