// The renderer's feature folders (`renderer/features/<x>/`) are the workflows' homes:
// - the store never imports anything under renderer/features/ (it gets the workflows' screens and
//   reducers injected at creation, so no import cycle runs through the screens back to the store);
// - only `features/registry.ts` imports a workflow's feature folder; `features/common/` (document
//   pane, timeline, cards) is for every screen, and a feature folder never imports the registry;
// Generic: no list of feature names, so a new folder is covered the day it is created.
import path from "node:path";

const RENDERER = "renderer";
const FEATURES = path.join(RENDERER, "features");

function relativeTo(dir, file, cwd) {
  const relative = path.relative(path.join(cwd, dir), path.resolve(cwd, file));
  return relative.startsWith("..") || path.isAbsolute(relative) ? null : relative.split(path.sep);
}

/** `<x>` for a file in `renderer/features/<x>/`, "" for a file directly in features/, null outside. */
function featureFolderOf(file, cwd) {
  const parts = relativeTo(FEATURES, file, cwd);
  if (parts === null) return null;
  return parts.length > 1 ? parts[0] : "";
}

function inStore(file, cwd) {
  return relativeTo(path.join(RENDERER, "store"), file, cwd) !== null;
}

export const featureBoundaries = {
  meta: {
    type: "problem",
    docs: { description: "The store imports no feature; only the feature registry imports a workflow's feature folder." },
    messages: {
      store: "renderer/store/ may not import renderer/features/ (the feature registry injects the workflows' screens and reducers at createAppStore).",
      foreign: "only renderer/features/registry.ts imports renderer/features/{{to}}/ (move what two features share to features/common/, or reach it through the registry's FeatureEntry).",
      registry: "a feature folder may not import the feature registry (it is the registry that lists the feature).",
    },
    schema: [],
  },
  create(context) {
    const cwd = context.cwd ?? process.cwd();
    const file = path.resolve(cwd, context.filename);
    if (relativeTo(RENDERER, file, cwd) === null) return {};
    const fromStore = inStore(file, cwd);
    const from = featureFolderOf(file, cwd);
    const isRegistry = from === "" && /^registry\.[jt]sx?$/.test(path.basename(file));
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== "string" || !source.startsWith(".")) return;
      const target = path.resolve(path.dirname(file), source);
      const to = featureFolderOf(target, cwd);
      if (to === null) return;
      if (fromStore) return context.report({ node, messageId: "store" });
      if (to === "") {
        if (from !== null && from !== "" && /^registry\.[jt]sx?$/.test(path.basename(target))) context.report({ node, messageId: "registry" });
        return;
      }
      if (to === "common" || to === from || isRegistry) return;
      context.report({ node, messageId: "foreign", data: { to } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
