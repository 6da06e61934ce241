import { describe, expect, it } from "vitest";
import { runCli } from "../runCli.js";

async function cli(argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(
    argv,
    { stdout: { write: (c: string | Uint8Array) => (stdout += c.toString()) }, stderr: { write: (c: string | Uint8Array) => (stderr += c.toString()) } },
    async () => {
      throw new Error("refs format must not open the engine");
    },
  );
  return { code, stdout, stderr };
}

describe("refs format", () => {
  it("--json prints [{id, text}] in GB/T 7714 with the locale forced", async () => {
    const r = await cli(["refs", "format", "tests/fixtures/references/en.ris", "--style", "gb-t-7714", "--locale", "zh", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const refs = JSON.parse(r.stdout) as Array<{ id: string; text: string }>;
    expect(refs.map((x) => x.id)).toEqual(["smith2019", "knuth1997", "doe2015", "who2020"]);
    expect(refs[0]!.text).toBe("[1] SMITH J A, JONES A B, BROWN C, 等. Neural methods for text classification[J]. Journal of Machine Learning Research, 2019, 20(3): 45-67. DOI:10.1000/jmlr.2019.3.");
  });

  it("prints one entry a line in APA", async () => {
    const r = await cli(["refs", "format", "tests/fixtures/references/en.bib", "--style", "apa"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split("\n")).toHaveLength(2);
    expect(r.stdout).toContain("Vaswani, A., Shazeer, N., Parmar, N., & Uszkoreit, J. (2017). Attention is all you need.");
  });

  it("refuses an unknown style, a bad locale and a file that is not BibTeX or RIS", async () => {
    expect((await cli(["refs", "format", "tests/fixtures/references/en.bib", "--style", "mla"])).stderr).toMatch(/--style must be one of gb-t-7714, gb-t-7714-author-date, apa/);
    expect((await cli(["refs", "format", "tests/fixtures/references/en.bib", "--locale", "fr"])).stderr).toMatch(/--locale must be zh or en/);
    expect((await cli(["refs", "format", "README.md"])).stderr).toMatch(/expected \.bib or \.ris/);
  });
});
