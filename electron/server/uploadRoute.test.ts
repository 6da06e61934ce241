import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeApi } from "../engine/testing/fakeApi.js";
import { createServer, type ScriptoriumServer } from "./createServer.js";

const TOKEN = "upload-test-token-123";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-upload-"));
const uploads = path.join(dir, "uploads");
let server: ScriptoriumServer;

beforeAll(async () => {
  server = await createServer({ api: new FakeApi(), token: TOKEN, port: 0, uploadDir: uploads });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const upload = (name: string, body: string, token = TOKEN) =>
  fetch(`${server.url}/api/upload?name=${encodeURIComponent(name)}`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body });

describe("POST /api/upload (browser mode's file picker)", () => {
  it("keeps the file under the upload dir and answers its path", async () => {
    const res = await upload("笔记 notes.md", "# 标题\n\n正文。\n");
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { path: string; name: string; bytes: number };
    expect(answer.name).toBe("笔记 notes.md");
    expect(path.dirname(path.dirname(answer.path))).toBe(uploads);
    expect(fs.readFileSync(answer.path, "utf8")).toBe("# 标题\n\n正文。\n");
    expect(answer.bytes).toBe(Buffer.byteLength("# 标题\n\n正文。\n"));
  });

  it("takes only the name's last segment, so a name cannot climb out of the upload dir", async () => {
    const answer = (await (await upload("../../etc/evil.md", "x")).json()) as { path: string };
    expect(answer.path.startsWith(uploads + path.sep)).toBe(true);
    expect(path.basename(answer.path)).toBe("evil.md");
  });

  it("refuses a file it cannot read, an empty one and a missing token, leaving nothing behind", async () => {
    const before = fs.readdirSync(uploads).length;
    const exe = await upload("tool.exe", "MZ");
    expect(exe.status).toBe(400);
    expect(((await exe.json()) as { error: { message: string } }).error.message).toContain("tool.exe");
    expect((await upload("empty.md", "")).status).toBe(400);
    expect((await upload("a.md", "x", "wrong-token-0000")).status).toBe(401);
    expect(fs.readdirSync(uploads).length).toBe(before);
  });
});
