import { describe, expect, it } from "vitest";
import { answerParts } from "./answerParts.js";

describe("answerParts", () => {
  it("turns page citations into jump targets and keeps the text around them", () => {
    expect(answerParts("12 layers [p.2]; also [p.3, p.5] and [P2 p.4].")).toEqual([
      { kind: "text", text: "12 layers " },
      { kind: "cite", text: "p.2", page: 2, paper: null },
      { kind: "text", text: "; also " },
      { kind: "cite", text: "p.3", page: 3, paper: null },
      { kind: "cite", text: "p.5", page: 5, paper: null },
      { kind: "text", text: " and " },
      { kind: "cite", text: "P2 p.4", page: 4, paper: 2 },
      { kind: "text", text: "." },
    ]);
    expect(answerParts("论文未提及。")).toEqual([{ kind: "text", text: "论文未提及。" }]);
  });
});
