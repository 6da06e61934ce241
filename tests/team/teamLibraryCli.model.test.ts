import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTinyGguf } from "../fixtures/tinyGguf.js";
import { runCliWithEnv } from "./runCliWithEnv.js";
import { describeS3, startVersitygw, type S3Server } from "./versitygw.js";

/**
 * The commands a team runs, as child processes on real llama.cpp (the tiny GGUF embeds) and a
 * real S3 server: one desk imports into `s3://team/library`, another desk with its own data dir
 * searches it; a reader's import is refused; a bad URI is named.
 */
describeS3("team library from the CLI", (binary) => {
  let s3: S3Server;
  let model: string;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "team-cli-"));

  beforeAll(async () => {
    [s3, model] = await Promise.all([startVersitygw(binary), createTinyGguf()]);
    s3.bucket("team");
  });
  afterAll(async () => {
    await s3?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("ingest --library from one data dir, search --library --json from another finds the writer's files", async () => {
    const docs = path.join(root, "docs");
    fs.mkdirSync(docs);
    fs.writeFileSync(path.join(docs, "handbook.md"), "# Handbook\n\nThe quarterly zeppelin review happens every March.");
    fs.writeFileSync(path.join(docs, "notes.txt"), "Meeting notes: the cafeteria opens at eight.");
    const env = s3.env();
    const writer = await runCliWithEnv(["ingest", docs, "--library", "s3://team/library", "--data-dir", path.join(root, "writer"), "--model", model], env);
    expect(writer.stderr).not.toMatch(/failed: /);
    expect(writer.code).toBe(0);
    expect(fs.existsSync(path.join(s3.root, "team", "library", "library.lance"))).toBe(true);

    const search = await runCliWithEnv(
      ["search", "zeppelin review", "--library", "s3://team/library", "--json", "--data-dir", path.join(root, "reader"), "--model", model],
      env,
    );
    expect(search.code).toBe(0);
    const result = JSON.parse(search.stdout) as { materials: Array<{ content: string; source: string }> };
    expect(result.materials.some((m) => m.content.includes("zeppelin"))).toBe(true);

    const refused = await runCliWithEnv(["search", "x", "--library", "s3://Bad_Bucket", "--data-dir", path.join(root, "reader"), "--model", model], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Not a library location: "s3://Bad_Bucket"');
  }, 600_000);
});
