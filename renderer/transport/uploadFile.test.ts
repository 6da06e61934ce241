import { describe, expect, it } from "vitest";
import { pathForChosenFile } from "../features/common/pathForChosenFile.js";
import { uploadFile } from "./uploadFile.js";

const file = () => new File(["# 文档\n"], "审查 稿.md", { type: "text/markdown" });

describe("uploadFile", () => {
  it("posts the bytes with the name and the token, and answers the stored path", async () => {
    const seen: Array<{ url: string; init: RequestInit }> = [];
    const fetch = (async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return new Response(JSON.stringify({ path: "/data/uploads/u1/审查 稿.md", name: "审查 稿.md", bytes: 9 }), { status: 200 });
    }) as unknown as typeof globalThis.fetch;
    const uploaded = await uploadFile(file(), { token: "t0k", fetch });
    expect(uploaded.path).toBe("/data/uploads/u1/审查 稿.md");
    expect(seen[0]!.url).toBe(`/api/upload?name=${encodeURIComponent("审查 稿.md")}`);
    expect(seen[0]!.init.method).toBe("POST");
    expect((seen[0]!.init.headers as Record<string, string>).Authorization).toBe("Bearer t0k");
    expect(await (seen[0]!.init.body as File).text()).toBe("# 文档\n");
  });

  it("turns the server's refusal into its coded error", async () => {
    const fetch = (async () => new Response(JSON.stringify({ error: { code: "bad_request", message: "upload: a.exe is not a file Scriptorium reads" } }), { status: 400 })) as unknown as typeof globalThis.fetch;
    await expect(uploadFile(new File(["x"], "a.exe"), { token: null, fetch })).rejects.toMatchObject({ code: "bad_request", message: expect.stringContaining("a.exe") });
  });
});

describe("pathForChosenFile", () => {
  it("uses the desktop app's own path and uploads nothing there; uploads in browser mode", async () => {
    const uploads: string[] = [];
    const upload = async (f: File) => {
      uploads.push(f.name);
      return { path: `/data/uploads/x/${f.name}`, name: f.name, bytes: f.size };
    };
    expect(await pathForChosenFile(file(), { scriptoriumFiles: { pathForFile: () => "/home/me/审查 稿.md" } }, upload)).toBe("/home/me/审查 稿.md");
    expect(uploads).toEqual([]);
    expect(await pathForChosenFile(file(), {}, upload)).toBe("/data/uploads/x/审查 稿.md");
    expect(uploads).toEqual(["审查 稿.md"]);
  });
});
