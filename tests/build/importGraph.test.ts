import path from "node:path";
import { describe, expect, it } from "vitest";
import { WORKFLOWS } from "../../shared/api.js";
import { importCycles, readImportGraph } from "./importGraph.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const graph = readImportGraph(ROOT);

/**
 * Layers, lowest first: a file may import its own layer and the ones below, never one above.
 * shared/ is the contract; the engine's services sit on io/; the workflows on the services; the
 * runner on the workflows' definition type; the handlers and the composition root on everything
 * below; the server on the engine; the CLI, MCP and the desktop main on the engine and the server
 * they host.
 */
const LAYERS: Array<[rank: number, pattern: RegExp]> = [
  [0, /^shared\//],
  [1, /^electron\/engine\/io\//],
  [2, /^electron\/engine\/(storage|llm|knowledge|rules|search|jobs|documents|export|references|backup|diagnostics)\/|^electron\/engine\/(dataDir|defaultAppRoot)\.ts$/],
  [3, /^electron\/engine\/workflows\//],
  [4, /^electron\/engine\/runtime\//],
  [5, /^electron\/engine\/handlers\//],
  [6, /^electron\/engine\/[^/]+\.ts$/],
  [7, /^electron\/server\//],
  [8, /^electron\/(cli|mcp|main)\//],
];
const rankOf = (file: string) => LAYERS.find(([, pattern]) => pattern.test(file))?.[0];

/** A workflow's own places: its contract, its engine folder, its feature folder. */
const homeOf = (file: string) => /^(?:shared\/workflows\/|electron\/engine\/workflows\/|renderer\/features\/)([a-z]+)(?:\/|\.ts$)/.exec(file)?.[1];
const REGISTRIES = new Set(["shared/workflows/registry.ts", "electron/engine/workflows/registry.ts", "renderer/features/registry.ts"]);

describe("the production import graph", () => {
  it("has no cycles", () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it("never imports from a higher layer, and the renderer only imports shared/", () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph.edges) {
      for (const target of targets) {
        if (file.startsWith("renderer/")) {
          if (!target.startsWith("renderer/") && !target.startsWith("shared/")) wrong.push(`${file} → ${target}`);
          continue;
        }
        const from = rankOf(file);
        const to = rankOf(target);
        if (from === undefined || to === undefined) wrong.push(`${file} → ${target} (no layer)`);
        else if (to > from) wrong.push(`${file} → ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("a workflow folder imports no other workflow's folder, and only the registries import a workflow's folder", () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph.edges) {
      for (const target of targets) {
        const owner = homeOf(target);
        if (owner === undefined || !(WORKFLOWS as readonly string[]).includes(owner)) continue;
        if (homeOf(file) === owner || REGISTRIES.has(file)) continue;
        // The contract of a workflow is shared by design (its types travel on the wire); its code is not.
        if (target === `shared/workflows/${owner}.ts` && !homeOf(file)) continue;
        wrong.push(`${file} → ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("names no workflow id (or a workflow's method) outside the workflow's own folders and the registries", () => {
    const quoted = new RegExp(`["'\`](${WORKFLOWS.join("|")})(\\.[A-Za-z]+)?["'\`]`);
    // "chat" is also the role of the chat model beside the embedding model (settings.chatModel).
    const modelRole = /chatModel|"embedding"/;
    const wrong = [...graph.sources]
      .filter(([file]) => !homeOf(file) && !REGISTRIES.has(file))
      .flatMap(([file, text]) =>
        text.split("\n").flatMap((line, i) => (quoted.test(line) && !modelRole.test(line) && !/^\s*(\/\/|\/?\*)/.test(line) ? [`${file}:${i + 1}: ${line.trim().slice(0, 120)}`] : [])),
      );
    expect(wrong).toEqual([]);
  });
});
