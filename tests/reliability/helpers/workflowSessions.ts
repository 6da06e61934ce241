import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeFiles } from "../../../electron/engine/testing/docgenTestKit.js";
import { buildPaperPdf } from "../../papers/paperPdf.js";
import type { HttpApi } from "./httpApi.js";
import { DOCGEN_CODE } from "./workflowScript.js";

/** Polls a session until it is done (or fails: error, cancelled, interrupted, or still running at the deadline). */
export async function untilDone(api: HttpApi, sessionId: string, timeoutMs = 240_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { session } = await api.call("run.state", { sessionId });
    if (session.status === "done") return session.status;
    if (["error", "cancelled", "interrupted"].includes(session.status) || Date.now() > deadline) return session.status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * One session of chat, docgen (code mode) and paper (import + one question) over HTTP against a
 * server running the scripted model of workflowScript.ts; returns each one's final status.
 */
export async function runEachWorkflow(api: HttpApi): Promise<Record<"chat" | "docgen" | "paper", string>> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-each-"));
  try {
    const chat = (await api.call("run.start", { workflow: "chat", input: { prompt: "offline?" } })).sessionId;
    const code = writeFiles(path.join(scratch, "code"), DOCGEN_CODE);
    const docgen = (await api.call("run.start", { workflow: "docgen", input: { input_mode: "code", topic: "demo-cli 说明", source_path: code } })).sessionId;
    const pdf = path.join(scratch, "paper.pdf");
    fs.writeFileSync(pdf, await buildPaperPdf());
    const docId = (await api.call("paper.import", { paths: [pdf] })).papers[0]!.doc_id;
    const paper = (await api.call("run.start", { workflow: "paper", input: { doc_id: docId, user_query: "How many attention layers?", single_question: true } })).sessionId;
    return { chat: await untilDone(api, chat), docgen: await untilDone(api, docgen), paper: await untilDone(api, paper) };
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
