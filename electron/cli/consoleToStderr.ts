import { formatWithOptions } from "node:util";

/**
 * Send every console line of the process to stderr. The CLI writes its own output through its io
 * (process.stdout.write), so anything reaching `console.*` is a library's diagnostic — pdf.js
 * warnings, LangGraph notices, node-llama-cpp — and stdout must stay the command's output alone
 * (`--json` prints JSON only, for `… --json | jq`).
 */
export function consoleToStderr(): void {
  const toStderr = (...args: unknown[]): void => {
    process.stderr.write(`${formatWithOptions({ colors: false }, ...args)}\n`);
  };
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  console.trace = toStderr;
  console.dir = (item: unknown) => toStderr(item);
  console.table = (data: unknown) => toStderr(data);
}
