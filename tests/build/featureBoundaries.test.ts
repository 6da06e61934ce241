import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const RULE = "scriptorium-renderer/feature-boundaries";

/** The feature-boundaries messages the project's lint config gives one import line in a renderer file. */
async function lint(eslint: ESLint, file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import "${source}";\n`, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

/**
 * The renderer's feature folders are the workflows' homes (build/eslint/featureBoundaries.js): the
 * store imports no feature, only features/registry.ts imports a workflow's folder, features/common/
 * is for every screen, and a feature folder never imports the registry that lists it.
 */
describe("renderer feature boundaries (lint)", () => {
  const eslint = new ESLint({ cwd: ROOT });

  it("keeps the store free of any feature import", async () => {
    expect(await lint(eslint, "renderer/store/currentSlice.ts", "../features/registry.js")).toEqual([expect.stringMatching(/^renderer\/store\/ may not import renderer\/features\//)]);
    expect(await lint(eslint, "renderer/store/applyEvent.ts", "../features/common/rewriteSelection.js")).toHaveLength(1);
    expect(await lint(eslint, "renderer/store/applyEvent.ts", "./sessionView.js")).toEqual([]);
  }, 60_000);

  it("lets only the registry import a workflow's folder, and everyone import common/", async () => {
    expect(await lint(eslint, "renderer/features/registry.ts", "./echo/echoFeature.js")).toEqual([]);
    expect(await lint(eslint, "renderer/settings/SettingsScreen.tsx", "../features/article/ArticleReviewSettings.js")).toEqual([expect.stringContaining("only renderer/features/registry.ts imports renderer/features/article/")]);
    expect(await lint(eslint, "renderer/features/docgen/DocgenScreen.tsx", "../paper/paperView.js")).toHaveLength(1);
    expect(await lint(eslint, "renderer/features/docgen/DocgenScreen.tsx", "../common/Timeline.js")).toEqual([]);
    expect(await lint(eslint, "renderer/features/docgen/DocgenScreen.tsx", "./docgenView.js")).toEqual([]);
    expect(await lint(eslint, "renderer/app/App.tsx", "../features/registry.js")).toEqual([]);
  }, 60_000);

  it("keeps a feature folder from importing the registry that lists it", async () => {
    expect(await lint(eslint, "renderer/features/echo/EchoScreen.tsx", "../registry.js")).toEqual([expect.stringContaining("may not import the feature registry")]);
  }, 60_000);
});
