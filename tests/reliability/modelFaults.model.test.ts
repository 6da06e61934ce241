import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ScriptoriumError } from "../../shared/errors.js";
import { createEngine } from "../../electron/engine/createEngine.js";
import { isTerminal, waitForEvent } from "../../electron/engine/testing/engineTestKit.js";
import { LlamaCppProvider } from "../../electron/engine/llm/LlamaCppProvider.js";
import { LlmService } from "../../electron/engine/llm/LlmService.js";
import { physicalCoreCount } from "../../electron/engine/llm/physicalCoreCount.js";
import { createTinyGguf } from "../fixtures/tinyGguf.js";

/**
 * Bad model files must fail as a typed error naming the file, quickly, before native code can
 * crash the process, and leave the service able to load a good model afterwards.
 *
 * "Unreadable": tests run as root, and chmod 000 does not stop root from reading, so the
 * unreadable cases are a directory where the file should be and a path whose parent is a file
 * (ENOTDIR) — both fail at the OS level whatever the user.
 */
const TRUNCATION_OFFSETS = 10;
/** The must-not-hang bound the brief sets for each bad file. */
const FAIL_WITHIN_MS = 5_000;

let dir: string;
let goodModel: string;
let service: LlmService;

beforeAll(async () => {
  goodModel = await createTinyGguf();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-model-faults-"));
  service = new LlmService();
});

afterAll(async () => {
  await service?.dispose();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The error `load` rejects with, or a failure if it resolves or takes longer than the bound. */
async function loadError(modelPath: string): Promise<ScriptoriumError> {
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    service.load({ modelPath, threads: physicalCoreCount(), sequences: 1, contextSize: 1024 }).then(
      () => new Error(`${modelPath} loaded although it is bad`),
      (error: unknown) => error,
    ),
    new Promise<Error>((resolve) => {
      timer = setTimeout(() => resolve(new Error(`no answer for ${modelPath} within ${FAIL_WITHIN_MS} ms`)), FAIL_WITHIN_MS);
    }),
  ]);
  clearTimeout(timer);
  if (!(outcome instanceof ScriptoriumError)) throw outcome;
  return outcome;
}

/** Byte offsets spread over the file: inside the magic, the header, the metadata and the tensor data. */
function truncationOffsets(size: number): number[] {
  const fixed = [0, 3, 10, 24, 100, 1_000, 10_000];
  const spread = [Math.floor(size / 2), size - 4096, size - 1];
  return [...fixed, ...spread].slice(0, TRUNCATION_OFFSETS);
}

describe("model faults (tiny GGUF)", () => {
  it(`a missing file, ${TRUNCATION_OFFSETS} truncations, a non-GGUF file and unreadable paths each give a typed error naming the file`, async () => {
    const bytes = fs.readFileSync(goodModel);
    const cases: Array<{ label: string; file: string; codes: string[] }> = [];
    cases.push({ label: "missing", file: path.join(dir, "missing.gguf"), codes: ["model_missing"] });
    for (const offset of truncationOffsets(bytes.length)) {
      const file = path.join(dir, `truncated-${offset}.gguf`);
      fs.writeFileSync(file, bytes.subarray(0, offset));
      cases.push({ label: `truncated at ${offset}`, file, codes: ["model_invalid"] });
    }
    const text = path.join(dir, "notes.gguf");
    fs.writeFileSync(text, "This is a text file, not a model.\n".repeat(100));
    cases.push({ label: "not GGUF", file: text, codes: ["model_invalid"] });
    const folder = path.join(dir, "folder.gguf");
    fs.mkdirSync(folder);
    cases.push({ label: "a directory", file: folder, codes: ["model_missing", "model_invalid"] });
    cases.push({ label: "parent is a file", file: path.join(text, "inner.gguf"), codes: ["model_missing", "model_invalid"] });

    expect(cases).toHaveLength(1 + TRUNCATION_OFFSETS + 3);
    for (const { label, file, codes } of cases) {
      const error = await loadError(file);
      expect(codes, label).toContain(error.code);
      expect(error.message, label).toContain(path.basename(file));
      expect(service.model, label).toBeNull();
    }
  }, 120_000);

  it("loads and runs the good tiny model after all those failures", async () => {
    const info = await service.load({ modelPath: goodModel, threads: physicalCoreCount(), sequences: 1, contextSize: 1024 });
    expect(info.name).toBe(path.basename(goodModel));
    const result = await new LlamaCppProvider(service).generateText({ prompt: "hello", maxTokens: 8, maxContinuations: 0 });
    expect(result.tokens).toBeGreaterThan(0);
    expect(["eog", "maxTokens"]).toContain(result.stopReason);
  }, 120_000);

  it("through the engine (the server's default --model path): a truncated model ends the run with model_invalid naming the file, and the engine keeps serving", async () => {
    const bad = path.join(dir, "engine-truncated.gguf");
    fs.writeFileSync(bad, fs.readFileSync(goodModel).subarray(0, 200_000));
    const dataDir = fs.mkdtempSync(path.join(dir, "data-"));
    const engine = await createEngine({ dataDir, modelPath: bad });
    try {
      const { sessionId } = await engine.call("run.start", { workflow: "chat", input: { prompt: "hello", maxTokens: 8 } });
      const events = await waitForEvent(engine, sessionId, isTerminal);
      const last = events.at(-1);
      expect(last?.type).toBe("error");
      if (last?.type === "error") {
        expect(last.error.code).toBe("model_invalid");
        expect(last.error.message).toContain("engine-truncated.gguf");
      }
      expect((await engine.call("health", {})).ok).toBe(true);
      expect((await engine.call("run.state", { sessionId })).session.status).toBe("error");
    } finally {
      await engine.dispose();
    }
  }, 120_000);
});
