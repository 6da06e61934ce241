import { describe, expect, it } from "vitest";
import { confirmMetadata } from "../../electron/engine/workflows/paper/library/confirmMetadata.js";
import { ScriptedLlm } from "../../electron/engine/testing/ScriptedLlm.js";

const PAGE = "Sparse Routing Transformers for Efficient Document Understanding\nAlice Chen, Bob Martin and Carla Diaz\nPublished 2023\nAbstract We present SparseRoute.";
const HEURISTIC = { title: "Sparse Routing Transformers for Efficient", authors: ["Alice Chen"], year: 2023, abstract: "We present SparseRoute." };

describe("metadata confirmation", () => {
  it("takes the model's title, authors and year only where the first page contains them", async () => {
    const llm = new ScriptedLlm({ replies: { "paper.metadata": { title: "Sparse Routing Transformers for Efficient Document Understanding", authors: ["Alice Chen", "Bob Martin", "Eve Invented"], year: 2023 } } });
    const confirmed = await confirmMetadata(llm, PAGE, HEURISTIC);
    expect(confirmed).toMatchObject({ title: "Sparse Routing Transformers for Efficient Document Understanding", authors: ["Alice Chen", "Bob Martin"], year: 2023, confirmed: true });

    const inventive = new ScriptedLlm({ replies: { "paper.metadata": { title: "Attention Is All You Need", authors: ["Ashish Vaswani"], year: 2017 } } });
    expect(await confirmMetadata(inventive, PAGE, HEURISTIC)).toMatchObject({ title: HEURISTIC.title, authors: HEURISTIC.authors, year: 2023 });

    const failing = new ScriptedLlm({ replies: { "paper.metadata": () => { throw new Error("offline"); } } });
    expect(await confirmMetadata(failing, PAGE, HEURISTIC)).toMatchObject({ ...HEURISTIC, confirmed: false });
  });
});
