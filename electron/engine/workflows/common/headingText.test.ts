import { describe, expect, it } from "vitest";
import { headingText } from "./headingText.js";

describe("headingText", () => {
  it("makes one line without leading # marks, cut to the limit", () => {
    expect(headingText("  ## Background\n## Extra  ", 200)).toBe("Background ## Extra");
    expect(headingText("背景\r\n与动机", 200)).toBe("背景 与动机");
    expect(headingText("#", 200)).toBe("");
    expect(headingText("abcdef", 3)).toBe("abc");
  });
});
