import { describe, expect, it } from "vitest";
import { demoteHeadings } from "./demoteHeadings.js";

describe("demoteHeadings", () => {
  it("lifts # and ## lines of a body to ###, keeps deeper ones, code fences and inline #", () => {
    const body = ["text", "# Big", "## Also big", "  ## indented", "### fine", "#### deeper", "```", "## in code", "```", "a # b", "#hashtag"].join("\n");
    expect(demoteHeadings(body).split("\n")).toEqual(["text", "### Big", "### Also big", "### indented", "### fine", "#### deeper", "```", "## in code", "```", "a # b", "#hashtag"]);
  });

});
