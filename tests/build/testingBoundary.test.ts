import { execFileSync } from "node:child_process";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * Test doubles stay out of what ships: the production program (electron/tsconfig.production.json)
 * holds no file of electron/engine/testing/ and no test, and lint refuses a production import of
 * the testing folder while tests may use it.
 */
describe("electron/engine/testing/ is for tests only", () => {
  it("the production program contains no test double, fixture or test file", () => {
    const tsc = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");
    const files = execFileSync(process.execPath, [tsc, "-p", "electron/tsconfig.production.json", "--listFilesOnly"], { cwd: ROOT, encoding: "utf8" })
      .split("\n")
      .filter((file) => file.includes("/electron/"));
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => file.includes("/engine/testing/") || /\.test\.tsx?$/.test(file))).toEqual([]);
  }, 60_000);

  it("lint refuses a production import of testing/ and allows it in a test", async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const code = 'import { ScriptedLlm } from "../testing/ScriptedLlm.js";\nexport const llm = ScriptedLlm;\n';
    const [production] = await eslint.lintText(code, { filePath: path.join(ROOT, "electron/engine/llm/probe.ts") });
    expect(production!.messages.map((m) => m.ruleId)).toContain("@typescript-eslint/no-restricted-imports");
    const [test] = await eslint.lintText(code, { filePath: path.join(ROOT, "electron/engine/llm/probe.test.ts") });
    expect(test!.messages.filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports")).toEqual([]);
  }, 60_000);
});
