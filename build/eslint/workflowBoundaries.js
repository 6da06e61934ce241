// A workflow folder (`electron/engine/workflows/<x>/`) imports only its own files, `workflows/common/`,
// the workflow interfaces beside it (WorkflowDefinition.ts) and the engine outside `workflows/`.
// Generic: no list of workflow names, so a new folder is covered the day it is created.
import path from "node:path";

const WORKFLOWS_DIR = path.join("electron", "engine", "workflows");

/** `<x>` when `file` is inside `electron/engine/workflows/<x>/`, "" for a file directly in workflows/, else null. */
function workflowFolderOf(file, cwd) {
  const relative = path.relative(path.join(cwd, WORKFLOWS_DIR), path.resolve(cwd, file));
  if (relative.startsWith("..") || path.isAbsolute(relative)) return null;
  const parts = relative.split(path.sep);
  return parts.length > 1 ? parts[0] : "";
}

export const workflowBoundaries = {
  meta: {
    type: "problem",
    docs: { description: "A workflow folder never imports another workflow folder; shared helpers go to workflows/common/." },
    messages: {
      foreign: "workflows/{{from}}/ may not import workflows/{{to}}/: a workflow folder imports only workflows/common/ and engine interfaces (move what two workflows share to workflows/common/).",
      registry: "workflows/{{from}}/ may not import the workflow registry.",
    },
    schema: [],
  },
  create(context) {
    const cwd = context.cwd ?? process.cwd();
    const from = workflowFolderOf(context.filename, cwd);
    if (from === null || from === "") return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== "string" || !source.startsWith(".")) return;
      const target = path.resolve(path.dirname(path.resolve(cwd, context.filename)), source);
      const to = workflowFolderOf(target, cwd);
      if (to === null) return;
      if (to === "") {
        if (/^registry\.[jt]s$/.test(path.basename(target))) context.report({ node, messageId: "registry", data: { from } });
        return;
      }
      if (to !== from && to !== "common") context.report({ node, messageId: "foreign", data: { from, to } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
