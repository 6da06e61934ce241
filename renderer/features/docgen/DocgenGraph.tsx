import { useMemo } from "react";
import { layoutGraph, type GraphShape } from "./graphLayout.js";
import type { DocgenTranslate } from "./messages.js";

/**
 * The flattened graph drawn as SVG from its structure (our own layout, no graph library); labels
 * are React text nodes, so a guide's module names stay inert. The Mermaid text stays below for copying.
 */
export function DocgenGraph({ t, shape, mermaid, states }: { t: DocgenTranslate; shape: GraphShape; mermaid: string; states: Record<string, string> }) {
  const layout = useMemo(() => layoutGraph(shape), [shape]);
  if (!shape.nodes.length) return null;
  return (
    <details className="docgen-card docgen-graph">
      <summary>{t("docgen.graph")}</summary>
      <div className="docgen-graph__canvas">
        <svg role="img" aria-label={t("docgen.graph")} width={layout.width} height={layout.height} viewBox={`0 0 ${layout.width} ${layout.height}`} data-testid="docgen-graph-svg">
          <defs>
            <marker id="docgen-arrow" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
              <path d="M 0 0 L 8 4 L 0 8 z" className="docgen-graph__arrowhead" />
            </marker>
          </defs>
          {layout.edges.map((e) => (
            <path key={`${e.from}>${e.to}`} d={e.d} className={`docgen-graph__edge${e.conditional ? " docgen-graph__edge--conditional" : ""}${e.back ? " docgen-graph__edge--back" : ""}`} markerEnd="url(#docgen-arrow)" />
          ))}
          {layout.nodes.map((n) => {
            const module = /^(?:review|revise)_(.+)$/.exec(n.id)?.[1];
            const state = module ? states[module] : undefined;
            return (
              <g key={n.id} data-node={n.id} data-state={state} className={`docgen-graph__node docgen-graph__node--${n.kind}`}>
                <rect x={n.x} y={n.y} width={n.w} height={n.h} rx={n.kind === "terminal" ? 14 : 6} />
                <title>{n.id}</title>
                <text x={n.x + n.w / 2} y={n.y + n.h / 2} dominantBaseline="central" textAnchor="middle">
                  {n.id.length > 22 ? `${n.id.slice(0, 21)}…` : n.id}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      <details className="docgen-graph__mermaid">
        <summary>{t("docgen.graph.mermaid")}</summary>
        <pre>{mermaid}</pre>
      </details>
    </details>
  );
}
