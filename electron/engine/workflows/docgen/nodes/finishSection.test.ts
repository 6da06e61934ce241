import { describe, expect, it } from "vitest";
import { finishSection } from "./writeSections.js";

describe("a doc generator section (finishSection)", () => {
  it("keeps the model's own ## heading first and lifts every other # / ## below it", () => {
    expect(finishSection("## Install\n\nRun it.\n\n## Sub\nx\n# Top\ny", "Install").split("\n")).toEqual(["## Install", "", "Run it.", "", "### Sub", "x", "### Top", "y"]);
    expect(finishSection("# Install\ntext", "安装").split("\n")).toEqual(["## 安装", "", "### Install", "text"]);
  });
});
