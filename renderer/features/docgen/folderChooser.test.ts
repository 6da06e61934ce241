import { describe, expect, it } from "vitest";
import { folderChooser } from "./DocgenForm.js";

describe("folderChooser", () => {
  it("is the preload's chooseFolder in the desktop app and null in browser mode", async () => {
    const choose = async () => "/home/u/p";
    expect(folderChooser({ scriptoriumFiles: { pathForFile: () => "", chooseFolder: choose } })).toBe(choose);
    expect(folderChooser({ scriptoriumFiles: { pathForFile: () => "" } })).toBeNull();
    expect(folderChooser({})).toBeNull();
    expect(folderChooser(undefined)).toBeNull();
  });
});
