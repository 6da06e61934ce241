import fs from "node:fs";
import path from "node:path";
import electronLog from "electron-log/node.js";
import { redactSecrets } from "../io/redactSecrets.js";

export type LogLevel = "error" | "warn" | "info" | "debug";

export interface FileLoggerOptions {
  /** The folder of the log files, normally `<dataDir>/logs`. */
  dir: string;
  /** Lowest level written; default `info`. */
  level?: LogLevel;
  /** Size from which the file is rotated; default 2 MiB. */
  maxBytes?: number;
  /** Rotated files kept beside the current one (`scriptorium.1.log` … newest first); default 3. */
  keep?: number;
  /** Secret values known now (API keys, object-store keys): written as `[redacted]` wherever they appear. */
  secrets?: () => ReadonlyArray<string | null | undefined>;
}

export interface FileLogger {
  /** The current log file. */
  readonly file: string;
  error(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  info(...data: unknown[]): void;
  debug(...data: unknown[]): void;
}

export const LOG_FILE_NAME = "scriptorium.log";

/**
 * Credentials written in a recognisable shape are redacted even when their value is not known:
 * an `Authorization: Bearer …` header, `key=value` pairs whose name says key/secret/token/password,
 * and AWS access key ids.
 */
const SHAPES: Array<[RegExp, string]> = [
  [/\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{6,}/g, "$1 [redacted]"],
  [/(["']?[\w.-]*(?:secret|password|passwd|token|api[_-]?key|access[_-]?key(?:[_-]?id)?)["']?\s*[:=]\s*)("[^"]*"|'[^']*'|[^\s,;}&]+)/gi, "$1[redacted]"],
  [/\b(AKIA|ASIA)[A-Z0-9]{16}\b/g, "[redacted]"],
];

/** Text with secrets removed: the known values, then the credential shapes. */
export function redactLogText(text: string, secrets: ReadonlyArray<string | null | undefined> = []): string {
  let out = redactSecrets(text, secrets);
  for (const [pattern, replacement] of SHAPES) out = out.replace(pattern, replacement);
  return out;
}

/**
 * The app's log file, written by electron-log's Node transport (no Electron needed): one line
 * per message, at `info` and above by default, rotated by size into numbered files, every line
 * redacted before it reaches the disk.
 */
export function createFileLogger(options: FileLoggerOptions): FileLogger {
  fs.mkdirSync(options.dir, { recursive: true });
  const file = path.join(options.dir, LOG_FILE_NAME);
  const keep = Math.max(1, options.keep ?? 3);
  const logger = electronLog.create({ logId: `scriptorium:${file}` });
  logger.transports.console.level = false;
  logger.transports.file.level = options.level ?? "info";
  logger.transports.file.maxSize = options.maxBytes ?? 2 * 1024 * 1024;
  logger.transports.file.resolvePathFn = () => file;
  logger.transports.file.archiveLogFn = (current) => {
    const base = current.toString();
    const numbered = (n: number) => base.replace(/\.log$/, `.${n}.log`);
    fs.rmSync(numbered(keep), { force: true });
    for (let n = keep - 1; n >= 1; n--) if (fs.existsSync(numbered(n))) fs.renameSync(numbered(n), numbered(n + 1));
    fs.renameSync(base, numbered(1));
  };
  logger.hooks.push((message) => {
    const secrets = options.secrets?.() ?? [];
    message.data = message.data.map((item) => redactLogText(item instanceof Error ? `${item.name}: ${item.message}` : typeof item === "string" ? item : safeJson(item), secrets));
    return message;
  });
  return {
    file,
    error: (...data) => logger.error(...data),
    warn: (...data) => logger.warn(...data),
    info: (...data) => logger.info(...data),
    debug: (...data) => logger.debug(...data),
  };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
