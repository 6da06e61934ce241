/** The graph as run.state gives it (`values.graph`). */
export interface GraphShape {
  nodes: string[];
  edges: Array<{ from: string; to: string; conditional: boolean }>;
}

export interface PlacedNode {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
  kind: "terminal" | "step" | "pause" | "review" | "revise";
}

export interface PlacedEdge {
  from: string;
  to: string;
  conditional: boolean;
  /** An edge back up the graph (revise → review, a pause back to its step). */
  back: boolean;
  /** SVG path data. */
  d: string;
}

export interface GraphLayout {
  nodes: PlacedNode[];
  edges: PlacedEdge[];
  width: number;
  height: number;
}

export const NODE_W = 150;
export const NODE_H = 28;
const GAP_X = 24;
const GAP_Y = 34;
const MARGIN = 12;

const kindOf = (id: string): PlacedNode["kind"] =>
  id === "__start__" || id === "__end__" ? "terminal" : id.startsWith("review_") ? "review" : id.startsWith("revise_") ? "revise" : id.startsWith("pause_") ? "pause" : "step";

/**
 * A layered drawing of the flattened docgen graph, by our own code (no graph library): layers by
 * longest path from `__start__` with back edges set aside (found by a DFS), and each module's
 * `revise_<m>` on the row of its `review_<m>`, to its right — so the review/revise pairs read as a
 * ladder down the page and every module's two nodes are visible. Pure: the same shape gives the same layout.
 */
export function layoutGraph(shape: GraphShape): GraphLayout {
  const ids = shape.nodes.includes("__start__") ? shape.nodes : ["__start__", ...shape.nodes];
  const out = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (const e of shape.edges) if (out.has(e.from) && out.has(e.to)) out.get(e.from)!.push(e.to);
  // Back edges: those reaching a node still on the DFS stack.
  const back = new Set<string>();
  const state = new Map<string, 1 | 2>();
  const visit = (id: string): void => {
    state.set(id, 1);
    for (const to of out.get(id) ?? []) {
      if (state.get(to) === 1) back.add(`${id}\u0000${to}`);
      else if (!state.has(to)) visit(to);
    }
    state.set(id, 2);
  };
  for (const id of ids) if (!state.has(id)) visit(id);
  const pairOf = (id: string) => (id.startsWith("revise_") ? `review_${id.slice("revise_".length)}` : null);
  const forward = shape.edges.filter((e) => !back.has(`${e.from}\u0000${e.to}`) && pairOf(e.to) !== e.from && out.has(e.from) && out.has(e.to));
  // Longest path over the forward edges (a DAG), bounded by the node count.
  const layer = new Map<string, number>(ids.map((id) => [id, 0]));
  for (let round = 0; round < ids.length; round++) {
    let changed = false;
    for (const e of forward) {
      const next = layer.get(e.from)! + 1;
      if (next > layer.get(e.to)!) {
        layer.set(e.to, next);
        changed = true;
      }
    }
    if (!changed) break;
  }
  for (const id of ids) {
    const pair = pairOf(id);
    if (pair && layer.has(pair)) layer.set(id, layer.get(pair)!);
  }
  const rows = new Map<number, string[]>();
  for (const id of ids) rows.set(layer.get(id)!, [...(rows.get(layer.get(id)!) ?? []), id]);
  const order = [...rows.keys()].sort((a, b) => a - b);
  const widest = Math.max(1, ...order.map((r) => rows.get(r)!.length));
  const width = MARGIN * 2 + widest * NODE_W + (widest - 1) * GAP_X;
  const placed = new Map<string, PlacedNode>();
  order.forEach((r, row) => {
    // Reviews before their revise; otherwise the order the graph lists them.
    const members = [...rows.get(r)!].sort((a, b) => (pairOf(a) === b ? 1 : pairOf(b) === a ? -1 : 0));
    const rowWidth = members.length * NODE_W + (members.length - 1) * GAP_X;
    members.forEach((id, i) => {
      placed.set(id, { id, kind: kindOf(id), w: NODE_W, h: NODE_H, x: (width - rowWidth) / 2 + i * (NODE_W + GAP_X), y: MARGIN + row * (NODE_H + GAP_Y) });
    });
  });
  const edges: PlacedEdge[] = shape.edges.flatMap((e) => {
    const a = placed.get(e.from);
    const b = placed.get(e.to);
    if (!a || !b) return [];
    const isBack = back.has(`${e.from}\u0000${e.to}`);
    let d: string;
    if (a.y === b.y) {
      // Same row (review → revise, and its way back): a straight line, or an arc above it.
      const [left, right] = a.x < b.x ? [a, b] : [b, a];
      const y = a.y + (isBack ? 0 : a.h / 2);
      d = isBack ? `M ${a.x + a.w / 2} ${a.y} C ${a.x + a.w / 2} ${a.y - 16}, ${b.x + b.w / 2} ${b.y - 16}, ${b.x + b.w / 2} ${b.y}` : `M ${left.x + left.w} ${y} L ${right.x} ${y}`;
    } else if (b.y > a.y) {
      const x1 = a.x + a.w / 2;
      const y1 = a.y + a.h;
      const x2 = b.x + b.w / 2;
      const y2 = b.y;
      d = `M ${x1} ${y1} C ${x1} ${(y1 + y2) / 2}, ${x2} ${(y1 + y2) / 2}, ${x2} ${y2}`;
    } else {
      // Up the page: out of the right side, round, into the target's right side.
      const x1 = a.x + a.w;
      const x2 = b.x + b.w;
      const bend = Math.max(x1, x2) + 20;
      d = `M ${x1} ${a.y + a.h / 2} C ${bend} ${a.y + a.h / 2}, ${bend} ${b.y + b.h / 2}, ${x2} ${b.y + b.h / 2}`;
    }
    return [{ from: e.from, to: e.to, conditional: e.conditional, back: isBack, d }];
  });
  const height = MARGIN * 2 + order.length * NODE_H + (order.length - 1) * GAP_Y;
  return { nodes: [...placed.values()], edges, width: width + 24, height };
}
