import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeReal } from "./describeReal.js";
import { runCliProcess } from "./runCliProcess.js";

/**
 * The app's own path for the real model, through the real CLI in a child process: `models import`
 * of the assembled GGUF, `models select`, then a chat on it. Every `--json` stdout is JSON only
 * (llama.cpp's native logs go to stderr): one value, or one JSON event per line for a stream.
 */
describeReal("the CLI on the real model, --json", (modelPath) => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "scriptorium-real-cli-"));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const cli = (...args: string[]) => runCliProcess(["--data-dir", dataDir, ...args, "--json"]);

  it("imports the GGUF, selects it and chats on it, stdout JSON only", async () => {
    const imported = await cli("models", "import", modelPath);
    expect(imported.code, imported.stderr).toBe(0);
    const { model } = JSON.parse(imported.stdout) as { model: { id: string; architecture: string | null } };
    expect(model.architecture).toBe("gemma3");

    const selected = await cli("models", "select", model.id);
    expect(selected.code, selected.stderr).toBe(0);
    expect(JSON.parse(selected.stdout)).toMatchObject({ settings: { chatModel: model.id } });

    const chat = await cli("chat", "Reply with one short greeting.", "--max-tokens", "12");
    expect(chat.code, chat.stderr).toBe(0);
    const events = chat.stdout.trimEnd().split("\n").map((line) => JSON.parse(line) as { type: string; text?: string });
    const tokens = events.filter((e) => e.type === "token");
    expect(tokens.length).toBeGreaterThan(1); // streamed, not one block
    expect(tokens.map((e) => e.text).join("").trim().length).toBeGreaterThan(0);
    expect(events.at(-1)?.type).toBe("done");

    const listed = await cli("models", "list");
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toMatchObject({ installed: [expect.objectContaining({ id: model.id })] });
  }, 600_000);
});
