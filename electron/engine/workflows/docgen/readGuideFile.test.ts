import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tempDirsPerTest } from "../../testing/tempDirsPerTest.js";
import { ScriptoriumError } from "../../../../shared/errors.js";
import { readGuideFile } from "./DocgenDeps.js";

const tempDir = tempDirsPerTest("guide-read-");

describe("readGuideFile", () => {
  it("sees every change to the file: an edit of the same length, a replace by rename, a removal", () => {
    const dir = tempDir();
    const file = path.join(dir, "guide.md");
    fs.writeFileSync(file, "## a（甲）\n");
    expect(readGuideFile(file)).toBe("## a（甲）\n");
    expect(readGuideFile(file)).toBe("## a（甲）\n");
    // Same byte length, written in place: the mtime moves.
    fs.writeFileSync(file, "## b（乙）\n");
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(file, later, later);
    expect(readGuideFile(file)).toBe("## b（乙）\n");
    // Replaced by rename (how the guide library writes): a new inode.
    fs.writeFileSync(`${file}.tmp`, "## c（丙）\n");
    fs.renameSync(`${file}.tmp`, file);
    expect(readGuideFile(file)).toBe("## c（丙）\n");
    fs.rmSync(file);
    expect(() => readGuideFile(file)).toThrow(ScriptoriumError);
  });
});
