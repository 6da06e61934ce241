import { parseArgs } from "node:util";
import { ScriptoriumError } from "../../shared/errors.js";
import { isLoopbackHost } from "../engine/io/loopbackHosts.js";

/** Options of `npm run web -- [--port N] [--data-dir D] [--token T] [--model file.gguf] [--no-open]`. */
export interface ServerArgs {
  /** 0 = any free port. */
  port: number;
  dataDir: string | null;
  token: string | null;
  modelPath: string | null;
  open: boolean;
  host: string;
}

export const SERVER_USAGE = "usage: npm run web -- [--port N] [--data-dir DIR] [--token T] [--model file.gguf] [--no-open]";

/** Parse the server's argv (without node and script); throws `bad_request` with a one-line reason. */
export function parseServerArgs(argv: string[]): ServerArgs {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: "string" },
        "data-dir": { type: "string" },
        token: { type: "string" },
        model: { type: "string" },
        "no-open": { type: "boolean" },
        host: { type: "string" },
      },
    }));
  } catch (error) {
    throw new ScriptoriumError("bad_request", firstLine((error as Error).message));
  }
  const portText = (values.port as string | undefined) ?? "0";
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535) throw new ScriptoriumError("bad_request", `--port must be 0–65535, got "${portText}"`);
  const token = (values.token as string | undefined) ?? null;
  if (token !== null && token.length < 8) throw new ScriptoriumError("bad_request", "--token must be at least 8 characters");
  const host = (values.host as string | undefined) ?? "127.0.0.1";
  if (!isLoopbackHost(host)) throw new ScriptoriumError("bad_request", `--host must be a loopback address, got "${host}"`);
  return {
    port: Number(portText),
    dataDir: (values["data-dir"] as string | undefined) ?? null,
    token,
    modelPath: (values.model as string | undefined) ?? null,
    open: values["no-open"] !== true,
    host,
  };
}

function firstLine(text: string): string {
  return text.split("\n")[0] ?? text;
}
