import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildPaperPdf } from "../papers/paperPdf.js";
import { scanPdf } from "../papers/scanPdf.js";
import { paperServices } from "./harness/paperSteps.js";
import { studioPerTest } from "./harness/startStudio.js";
import { skipOnboarding, visible } from "./harness/studioSteps.js";

const openStudio = studioPerTest();

describe("scanned paper import in Chromium (real engine, real OCR)", { timeout: 300_000 }, () => {
  it("shows the OCR progress bar page by page in the job tray, and its cancel stops the import", async () => {
    const studio = await openStudio({
      workflowServices: { paper: paperServices(undefined) },
    });
    const { page, engine } = studio;
    await skipOnboarding(page);
    const file = path.join(studio.dataDir, "scanned-paper.pdf");
    fs.writeFileSync(file, await scanPdf(await buildPaperPdf(8)));
    const importing = engine.call("paper.import", { paths: [file], taskId: "paper-import-ocr" }).catch((error: unknown) => error);

    const tray = page.getByRole("region", { name: "后台任务" });
    const label = tray.locator(".task__label");
    // The bar names the file and counts OCR'd pages: "OCR · scanned-paper.pdf · 1/8 pages, about N s left".
    await expect.poll(() => label.innerText().catch(() => ""), { timeout: 240_000 }).toMatch(/^OCR · scanned-paper\.pdf · [1-7]\/8 pages, about \d+ s left$/);
    await visible(tray.getByRole("progressbar"));
    await expect.poll(() => tray.locator(".progress-eta").innerText()).toMatch(/^[1-7]\/8/);
    await studio.screenshot("32-paper-ocr-progress");
    await tray.getByRole("button", { name: /^取消/ }).click();

    expect(await importing).toMatchObject({ code: "aborted" });
    await expect.poll(() => tray.count()).toBe(0);
    expect((await engine.call("paper.list", {})).papers).toEqual([]);
    expect(studio.pageErrors).toEqual([]);
  });
});
