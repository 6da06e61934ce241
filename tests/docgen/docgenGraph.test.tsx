import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { builtinModules } from "../../electron/engine/workflows/docgen/DocgenDeps.js";
import { docgenGraphShape } from "../../electron/engine/workflows/docgen/graph.js";
import { DocgenGraph } from "../../renderer/features/docgen/DocgenGraph.js";
import { layoutGraph } from "../../renderer/features/docgen/graphLayout.js";
import { makeFeatureTranslate } from "../../renderer/i18n/defineMessages.js";
import { docgenMessages } from "../../renderer/features/docgen/messages.js";

const t = makeFeatureTranslate(docgenMessages, "zh-CN");

describe("the docgen graph drawn as SVG from its structure", () => {
  for (const [name, modules] of [
    ["built-in guide", builtinModules()],
    ["a guide of its own", [{ id: "api_docs", name: "接口文档" }, { id: "tone", name: "语气" }]],
  ] as const) {
    it(`${name}: every node placed once, each revise beside its review, no overlaps, every edge drawn`, () => {
      const shape = docgenGraphShape(modules);
      const layout = layoutGraph(shape);
      expect(new Set(layout.nodes.map((n) => n.id))).toEqual(new Set(shape.nodes));
      for (const m of modules) {
        const review = layout.nodes.find((n) => n.id === `review_${m.id}`)!;
        const revise = layout.nodes.find((n) => n.id === `revise_${m.id}`)!;
        expect(review && revise).toBeTruthy();
        expect(revise.y).toBe(review.y);
        expect(revise.x).toBeGreaterThan(review.x);
      }
      // Reviews run down the page in guide order.
      const ys = modules.map((m) => layout.nodes.find((n) => n.id === `review_${m.id}`)!.y);
      for (let i = 1; i < ys.length; i++) expect(ys[i]!).toBeGreaterThan(ys[i - 1]!);
      for (const a of layout.nodes) {
        expect(a.x).toBeGreaterThanOrEqual(0);
        expect(a.x + a.w).toBeLessThanOrEqual(layout.width);
        expect(a.y + a.h).toBeLessThanOrEqual(layout.height);
        for (const b of layout.nodes) if (a !== b) expect(a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y).toBe(true);
      }
      expect(layout.edges).toHaveLength(shape.edges.length);
      expect(layout.edges.every((e) => /^M [\d.]+ [\d.]+ [CL] /.test(e.d))).toBe(true);
      expect(layout.edges.filter((e) => e.back).map((e) => e.from)).toEqual(expect.arrayContaining(modules.map((m) => `revise_${m.id}`)));
    });
  }

  it("renders labels as text (inert markup), node states from the chips, and keeps the Mermaid text", () => {
    const shape = { nodes: ["__start__", "review_x", "revise_x", "__end__"], edges: [{ from: "__start__", to: "review_x", conditional: false }, { from: "review_x", to: "revise_x", conditional: true }, { from: "revise_x", to: "review_x", conditional: false }, { from: "review_x", to: "__end__", conditional: true }] };
    const evil = { ...shape, nodes: [...shape.nodes, "<img src=x onerror=alert(1)>"] };
    const html = renderToStaticMarkup(<DocgenGraph t={t} shape={evil} mermaid={"graph TD;\n<b>x</b>"} states={{ x: "passed" }} />);
    expect(html).toContain("<svg");
    expect(html).toContain('data-node="review_x" data-state="passed"');
    expect(html).toContain('data-node="revise_x" data-state="passed"');
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x");
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt;");
  });
});
