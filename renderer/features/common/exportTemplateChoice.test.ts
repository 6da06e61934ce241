import { afterEach, describe, expect, it, vi } from "vitest";
import { ScriptoriumError } from "../../../shared/errors.js";
import { readExportTemplate, templateArgument, templateProblem, writeExportTemplate } from "./exportTemplateChoice.js";

/** A Storage-shaped map (Node has no localStorage; the browser's is covered by the e2e test). */
function memoryStorage(): Pick<Storage, "getItem" | "setItem" | "removeItem"> {
  const items = new Map<string, string>();
  return { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v), removeItem: (k) => void items.delete(k) };
}

afterEach(() => vi.unstubAllGlobals());

describe("export template choice", () => {
  it("remembers a built-in layout and a reference.docx with its file name", () => {
    vi.stubGlobal("localStorage", memoryStorage());
    expect(readExportTemplate()).toEqual({ template: "default" });
    writeExportTemplate({ template: "gb-t-9704" });
    expect(readExportTemplate()).toEqual({ template: "gb-t-9704" });
    writeExportTemplate({ template: "/data/uploads/u1/公文.docx", fileName: "公文.docx" });
    expect(readExportTemplate()).toEqual({ template: "/data/uploads/u1/公文.docx", fileName: "公文.docx" });
    writeExportTemplate({ template: "default" });
    expect(readExportTemplate()).toEqual({ template: "default" });
  });

  it("reads anything else, or a storage that throws, as the default layout", () => {
    const storage = memoryStorage();
    storage.setItem("scriptorium.exportTemplate", "/tmp/notes.txt");
    storage.setItem("scriptorium.exportTemplateName", "notes.txt");
    vi.stubGlobal("localStorage", storage);
    expect(readExportTemplate()).toEqual({ template: "default" });
    vi.stubGlobal("localStorage", { getItem: () => { throw new Error("denied"); } });
    expect(readExportTemplate()).toEqual({ template: "default" });
  });

  it("sends the template for DOCX and PDF only", () => {
    const mine = { template: "/x/ref.docx", fileName: "ref.docx" };
    expect(templateArgument(mine, "docx")).toEqual({ template: "/x/ref.docx" });
    expect(templateArgument(mine, "pdf")).toEqual({ template: "/x/ref.docx" });
    expect(templateArgument(mine, "markdown")).toEqual({});
    expect(templateArgument(mine, "html")).toEqual({});
  });

  it("names the picked file when the engine cannot read it, and leaves other errors alone", () => {
    const mine = { template: "/x/ref.docx", fileName: "ref.docx" };
    const unreadable = new ScriptoriumError("bad_request", "Cannot read the reference document /x/ref.docx (ENOENT).", { template: "/x/ref.docx" });
    expect(templateProblem(unreadable, mine)?.details).toEqual({ template: "/x/ref.docx", templateFile: "ref.docx" });
    expect(templateProblem(unreadable, mine)?.code).toBe("bad_request");
    expect(templateProblem(new ScriptoriumError("conflict", "no answer yet"), mine)).toBeNull();
    expect(templateProblem(unreadable, { template: "default" })).toBeNull();
  });
});
