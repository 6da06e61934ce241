import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ScriptoriumError } from "../../../shared/errors.js";
import { createTinyGguf } from "../../../tests/fixtures/tinyGguf.js";
import { cpuWakeKeeper } from "./CpuWakeKeeper.js";
import { LlamaCppProvider } from "./LlamaCppProvider.js";
import { LlmService } from "./LlmService.js";

let dir: string;
let good: string;
const service = new LlmService();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "llm-service-"));
  good = await createTinyGguf();
});
afterAll(async () => {
  await service.dispose();
  await rm(dir, { recursive: true, force: true });
});

async function loadError(path: string): Promise<ScriptoriumError> {
  const error = await service.load({ modelPath: path, threads: 1 }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ScriptoriumError);
  return error as ScriptoriumError;
}

describe("LlmService", () => {
  it("loads the tiny GGUF with explicit threads, N sequences and a plain chat wrapper", async () => {
    const info = await service.load({ modelPath: good, threads: 1, sequences: 3, contextSize: 1024 });
    expect(info).toMatchObject({ threads: 1, sequences: 3, contextSize: 1024, architecture: "llama", hasChatTemplate: false });
    expect(info.chatWrapper).toBe("GeneralChatWrapper");
    expect(service.model?.name).toBe(info.name);
  });

  it("reloads (disposing the old model first) and keeps generating", async () => {
    const copy = join(dir, "copy.gguf");
    await copyFile(good, copy);
    const info = await service.load({ modelPath: copy, threads: 1, sequences: 2 });
    expect(info.name).toBe("copy.gguf");
    expect(info.contextSize).toBe(2048); // the default 4096 is capped at the model's training context
    const result = await new LlamaCppProvider(service).generateText({ prompt: "hi", maxTokens: 5, maxContinuations: 0 });
    expect(result.tokens).toBeGreaterThan(0);
  });

  it("sums the native time of every timed decode step since the histogram's reset", async () => {
    await service.load({ modelPath: good, threads: 1, sequences: 2, contextSize: 1024 });
    service.decodeBatchHistogram({ reset: true });
    expect(service.decodeStepTotalMs()).toBe(0);
    const result = await new LlamaCppProvider(service).generateText({ prompt: "hi", maxTokens: 12, maxContinuations: 0, temperature: 0 });
    expect(result.tokens).toBeGreaterThan(1);
    const total = service.decodeStepTotalMs()!;
    // One sequence: every timed step is 1 wide, so the total is the mean times the steps timed.
    const mean = service.decodeStepMs("mean")!.get(1)!;
    expect(total).toBeGreaterThan(0);
    expect(total / mean).toBeCloseTo(Math.round(total / mean), 6);
    expect(Math.round(total / mean)).toBeLessThanOrEqual(result.tokens);
    service.decodeBatchHistogram({ reset: true });
    expect(service.decodeStepTotalMs()).toBe(0);
  });

  it("names a missing file with model_missing", async () => {
    const error = await loadError(join(dir, "nope.gguf"));
    expect(error.code).toBe("model_missing");
    expect(error.message).toContain("nope.gguf");
  });

  it("rejects a non-GGUF file with model_invalid naming it", async () => {
    const path = join(dir, "notes.gguf");
    await writeFile(path, "# just markdown, definitely not a model\n".repeat(20));
    const error = await loadError(path);
    expect(error.code).toBe("model_invalid");
    expect(error.message).toContain("notes.gguf");
    expect(error.message).toMatch(/magic/);
  });

  it("rejects a truncated GGUF before native code sees it", async () => {
    const bytes = await readFile(good);
    for (const [name, length] of [["half.gguf", Math.floor(bytes.length / 2)], ["last-byte.gguf", bytes.length - 1], ["header-only.gguf", 200]] as const) {
      const path = join(dir, name);
      await writeFile(path, bytes.subarray(0, length));
      const error = await loadError(path);
      expect(error.code).toBe("model_invalid");
      expect(error.message).toContain(name);
    }
  });

  it("rejects a GGUF with a corrupt header", async () => {
    const bytes = Buffer.from(await readFile(good));
    // Metadata count set absurdly high: the header parser runs off the end.
    bytes.writeBigUInt64LE(0xffffffffn, 16);
    const path = join(dir, "corrupt.gguf");
    await writeFile(path, bytes);
    const error = await loadError(path);
    expect(error.code).toBe("model_invalid");
    expect(error.message).toContain("corrupt.gguf");
    await writeFile(path, Buffer.from("GGUF"));
    expect((await loadError(path)).code).toBe("model_invalid");
  });

  it("after a failed load the previous model still answers; unload makes calls fail typed", async () => {
    await service.load({ modelPath: good, threads: 1 });
    await loadError(join(dir, "nope.gguf"));
    const llm = new LlamaCppProvider(service);
    expect((await llm.generateText({ prompt: "x", maxTokens: 3, maxContinuations: 0 })).tokens).toBeGreaterThan(0);
    await service.unload();
    await expect(llm.generateText({ prompt: "x" })).rejects.toMatchObject({ code: "model_missing" });
  });
});

describe("LlmService KV prefix reuse", () => {
  // ~300 tokens on the tiny byte-level vocabulary: a role prompt and shared materials.
  const system = "You are the writer. You only draft the section you are given. ".repeat(5);

  it("a second call on a held prefix evaluates only its own tokens, and never sees the other's", async () => {
    await service.load({ modelPath: good, threads: 1, sequences: 2, contextSize: 2048 });
    const llm = new LlamaCppProvider(service);
    const call = async (prompt: string, sys = system) => {
      const before = service.tokenCounts().input;
      await llm.generateText({ system: sys, prompt, maxTokens: 4, maxContinuations: 0, temperature: 0 });
      return service.tokenCounts().input - before;
    };
    const cold = await call("Section one: the history of the press.");
    // An unrelated call lands on the other (idle) sequence, leaving the warm one alone.
    const unrelated = await call("Something else entirely.", "You are the editor. ".repeat(4));
    const warm = await call("Section two: paper and ink.");
    expect(cold).toBeGreaterThan(250);
    expect(unrelated).toBeGreaterThan(20);
    // Only the call's own part (and the chat template's few tokens around it) is prefilled.
    expect(warm).toBeLessThan(cold / 4);

    // The sequence that served the warm call holds that call's prompt, not the earlier one's tail.
    const held = await service.withSequence(async (sequence, { model }) => model.detokenize(sequence.contextTokens), undefined, {
      system,
      prompt: "Section two: paper and ink.",
    });
    expect(held).toContain("Section two: paper and ink.");
    expect(held).not.toContain("Section one");
  });

  it("a call without a system prompt gets none, not the library's default", async () => {
    const llm = new LlamaCppProvider(service);
    await llm.generateText({ prompt: "Plain call.", maxTokens: 3, maxContinuations: 0, temperature: 0 });
    const held = await service.withSequence(async (sequence, { model }) => model.detokenize(sequence.contextTokens), undefined, {
      system: "",
      prompt: "Plain call.",
    });
    expect(held).toContain("Plain call.");
    expect(held).not.toMatch(/helpful, respectful and honest/);
  });
});

describe("LlmService CPU wake keeper", () => {
  it("holds the keeper while a call has a sequence, releases it after, and not at all with keepCpuAwake: false", async () => {
    await service.load({ modelPath: good, threads: 1, sequences: 2, contextSize: 1024 });
    const llm = new LlamaCppProvider(service);
    const result = await llm.generateText({ prompt: "Keep awake.", maxTokens: 4, maxContinuations: 0 });
    expect(result.tokens).toBeGreaterThan(0);
    expect(cpuWakeKeeper.active).toBe(false);
    expect(await service.withSequence(async () => cpuWakeKeeper.active)).toBe(true);
    expect(cpuWakeKeeper.active).toBe(false);

    // Two calls at once: held until the last one ends.
    let release!: () => void;
    const first = service.withSequence(() => new Promise<void>((resolve) => (release = resolve)));
    const second = await service.withSequence(async () => cpuWakeKeeper.active);
    expect(second).toBe(true);
    expect(cpuWakeKeeper.active).toBe(true);
    release();
    await first;
    expect(cpuWakeKeeper.active).toBe(false);

    await service.load({ modelPath: good, threads: 1, sequences: 2, contextSize: 1024, keepCpuAwake: false });
    expect(await service.withSequence(async () => cpuWakeKeeper.active)).toBe(false);
  });

  it("an unload while a call holds a sequence releases the keeper", async () => {
    await service.load({ modelPath: good, threads: 1, sequences: 2, contextSize: 1024 });
    let release!: () => void;
    const held = service.withSequence(() => new Promise<void>((resolve) => (release = resolve)));
    await Promise.resolve();
    expect(cpuWakeKeeper.active).toBe(true);
    await service.unload();
    expect(cpuWakeKeeper.active).toBe(false);
    release();
    await held;
    expect(cpuWakeKeeper.active).toBe(false);
  });
});
