import { docgenContract } from "../../../../shared/workflows/docgen.js";
import { definePauses } from "../common/definePauses.js";
import type { DocgenStateType, DocgenUpdate } from "./state.js";

/** The doc generator's two pauses (both only when `confirm_outline` is on), from the contract's table. */
export const docgenPauses = definePauses<typeof docgenContract.pauses, DocgenStateType>(docgenContract.pauses, {
  context: {
    outline_confirm: (state) => ({ outline: state.outline ?? { title: state.topic || "文档", sections: [{ title: "概述", scope: "" }] }, topic: state.topic }),
    sections_failed: (state) => ({ failed_sections: state.failed_sections, outline: state.outline ?? { title: state.topic || "文档", sections: [{ title: "概述", scope: "" }] } }),
  },
  check: (point, payload, request) => {
    if (point !== "sections_failed" || payload.action !== "regenerate_section") return null;
    const outline = request.context.outline as { sections: unknown[] } | undefined;
    const index = payload.index as number;
    return outline && index >= outline.sections.length ? `index ${index} is not a section (0–${outline.sections.length - 1})` : null;
  },
});

export const pauseNode = (pause: "outline_confirm" | "sections_failed") => docgenPauses.node(pause) as unknown as (state: DocgenStateType) => DocgenUpdate;
