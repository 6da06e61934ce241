import { lintMarkdown } from "../../../../shared/rules/lintMarkdown.js";
import { fixMarkdown } from "../../../../shared/rules/fixMarkdown.js";
import type { LintRequest, LintResponse } from "./lintProtocol.js";
import { countText } from "../../../../shared/text/countText.js";
import { headingOutline } from "./headingOutline.js";

/**
 * The style checkers, counts and outline off the UI thread: parsing a 100 000-character draft with remark takes far
 * longer than a frame, and typing must never wait for it.
 */
self.onmessage = (event: MessageEvent<LintRequest>) => {
  const request = event.data;
  let response: LintResponse;
  try {
    response =
      request.kind === "lint"
        ? { id: request.id, kind: "lint", violations: lintMarkdown(request.text).violations }
        : request.kind === "fix"
          ? { id: request.id, kind: "fix", text: fixMarkdown(request.text, undefined, { rules: [request.rule] }) }
          : { id: request.id, kind: "stats", counts: countText(request.text), outline: headingOutline(request.text) };
  } catch (error) {
    response = { id: request.id, kind: "error", message: error instanceof Error ? error.message : String(error) };
  }
  (self as unknown as { postMessage(message: LintResponse): void }).postMessage(response);
};
