import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The lint rule is generic: a probe file in a workflow folder that does not exist yet is held to it.
 * ESLint's Node API lints the probe text as if it were at that path (nothing is written to disk).
 */
describe("workflow boundaries (lint)", () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const lint = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).filter((m) => m.ruleId === "scriptorium/workflow-boundaries");
  };

  it("fails a probe in a new workflow folder that imports article/", async () => {
    const messages = await lint("electron/engine/workflows/probe/nodes/probe.ts", 'import { articleWorkflow } from "../../article/definition.js";\nexport const x = articleWorkflow;\n');
    expect(messages).toHaveLength(1);
    expect(messages[0]?.message).toContain("workflows/probe/ may not import workflows/article/");
  });

  it("fails any folder importing another one, re-exports and the registry included", async () => {
    expect(await lint("electron/engine/workflows/article/probe.ts", 'export * from "../chat/graph.js";\n')).toHaveLength(1);
    expect(await lint("electron/engine/workflows/common/probe.ts", 'import "../article/state.js";\n')).toHaveLength(1);
    expect(await lint("electron/engine/workflows/probe/probe.ts", 'import { WORKFLOW_REGISTRY } from "../registry.js";\nexport const r = WORKFLOW_REGISTRY;\n')).toHaveLength(1);
  });

  it("allows common/, the workflow interfaces, the engine outside workflows/ and the folder's own files", async () => {
    const code = [
      'import { runStep } from "../common/nodeRuntime.js";',
      'import type { WorkflowDefinition } from "../WorkflowDefinition.js";',
      'import type { LlmClient } from "../../llm/LlmClient.js";',
      'import { own } from "./own.js";',
      "export const all = [runStep, own] as const;",
      "export type T = WorkflowDefinition | LlmClient;",
      "",
    ].join("\n");
    expect(await lint("electron/engine/workflows/probe/probe.ts", code)).toEqual([]);
  });
});
