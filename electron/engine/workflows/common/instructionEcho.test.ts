import { describe, expect, it } from "vitest";
import { instructionEchoChecker } from "./instructionEcho.js";

// The deep read's synthesis prompt as Gemma 3 270M saw it, cut to its instructions, and one passage.
const INSTRUCTIONS = [
  "You are a careful deep reader of one paper, working in three stages: extraction, analysis, synthesis.",
  "Each request ends with the stage's task; do only that task. Use only facts from the passages.",
  "Stage 3 — synthesis. Write a 4–6 sentence synthesis from the two earlier stages, each sentence followed by its page as [p.N].",
  "深度阅读分三步：提取、分析、综合。每句后用页码标注出处，只用片段中的事实。",
].join("\n");
const PASSAGES = [
  "[p.2] The auxiliary term R balances the load between experts so that no expert is starved during training.",
  "[p.3] Table 2 shows that eight experts work best; more experts did not help in our runs.",
  "[p.4] 稀疏路由在保持准确率的同时减少了计算量。",
].join("\n");

describe("instructionEchoChecker", () => {
  const echoes = instructionEchoChecker(INSTRUCTIONS, PASSAGES);

  it("catches the prompt restated with a word changed, as a base model continues it (what Gemma wrote in a deep read)", () => {
    expect(echoes("You are a careful deep reader of one essay, working in three stages: extraction, analysis, synthesis.")).toBe(true);
    expect(echoes("Stage 4 — Synthesis. Write a 6–8 sentence synthesis from the two earlier stages, each sentence followed by its page as [p.N].")).toBe(true);
    expect(echoes("每句后用页码标注出处，只用片段中的事实。")).toBe(true);
  });

  it("keeps sentences about the material, also ones that share a few words with the instructions", () => {
    expect(echoes("Eight experts work best, and more experts did not help [p.3].")).toBe(false);
    expect(echoes("The synthesis of the results: the auxiliary term balances the load so that no expert is starved [p.2].")).toBe(false);
    expect(echoes("稀疏路由减少了计算量，同时保持了准确率 [p.4]。")).toBe(false);
    expect(echoes("A weakness is that the paper did not study multilingual documents, which limits where the method applies.")).toBe(false);
  });

  it("does not judge a sentence with too few words of its own", () => {
    expect(echoes("Stage 3.")).toBe(false);
    expect(echoes("Synthesis:")).toBe(false);
  });
});
