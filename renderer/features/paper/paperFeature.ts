import type { FeatureEntry } from "../FeatureEntry.js";
import { PaperScreen } from "./PaperScreen.js";
import { paperMessages } from "./messages.js";
import { paperReducer } from "./paperView.js";
import { newTaskId } from "../../components/newTaskId.js";
import { isReferenceFile } from "./usePaperImport.js";

/** 论文阅读: its screen, strings and session view, listed once in `features/registry.ts`. */
export const paperFeature: FeatureEntry = {
  screen: "paper",
  workflows: ["paper"],
  nav: { label: "paper.nav", icon: "❡" },
  newLabel: "paper.newPaperSession",
  component: PaperScreen,
  messages: paperMessages,
  view: paperReducer,
  // PDFs dropped on the window go to the paper library.
  dropTargets: [
    {
      kind: "paper",
      label: "paper.dropKind",
      matches: (name) => name.toLowerCase().endsWith(".pdf"),
      // A failed PDF no longer stops the others: the report says which and why.
      run: async (api, paths) => {
        const { papers, report } = await api.call("paper.import", { paths, taskId: newTaskId("paper-import") });
        return { count: papers.length, ...(report ? { report } : {}) };
      },
    },
    // BibTeX / RIS files add their entries to the library (never read as notes, which refuse them).
    {
      kind: "paperBib",
      label: "paper.dropKindBib",
      matches: (name) => isReferenceFile(name),
      run: async (api, paths) => {
        let count = 0;
        for (const path of paths) count += (await api.call("paper.importBib", { path })).entries.length;
        return count;
      },
    },
  ],
};
