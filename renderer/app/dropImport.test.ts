import { describe, expect, it } from "vitest";
import { listFeatures } from "../features/registry.js";
import { guessKind } from "./dropImport.js";

describe("guessKind", () => {
  const targets = listFeatures().flatMap((f) => f.dropTargets ?? []);
  it("gives models and guides the shell's kinds, a PDF the paper feature's, anything else a note", () => {
    expect(guessKind("qwen.Q4_0.gguf", targets)).toBe("model");
    expect(guessKind("Sparse Routing.PDF", targets)).toBe("paper");
    expect(guessKind("写作规范.md", targets)).toBe("guide");
    expect(guessKind("notes.md", targets)).toBe("note");
  });
  it("without feature kinds a PDF is a note: the shell names no workflow", () => {
    expect(guessKind("paper.pdf")).toBe("note");
  });
});
