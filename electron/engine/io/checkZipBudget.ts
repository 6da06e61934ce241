import zlib from "node:zlib";
import { ScriptoriumError } from "../../../shared/errors.js";

/** How much a zip (a DOCX) may hold once inflated, and how many entries. */
export interface ZipBudget {
  /** Bytes of all entries together after inflating. */
  maxBytes: number;
  maxEntries: number;
}

/** A DOCX: 100 MB inflated (text, styles and embedded images together), 10 000 parts. */
export const DOCX_BUDGET: ZipBudget = { maxBytes: 100 * 1024 * 1024, maxEntries: 10_000 };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/**
 * Refuses a zip whose contents would inflate past the budget — a zip bomb — before a parser
 * (mammoth, via JSZip) inflates it all into memory: first the sizes the central directory
 * declares (cheap), then every entry really inflated with a cap on its output, because a header
 * can lie. Memory stays within the budget. A file that is not a well-formed zip is left to the
 * parser, which names that problem itself.
 */
export function checkZipBudget(data: Buffer, name: string, budget: ZipBudget = DOCX_BUDGET): void {
  const eocd = findEocd(data);
  if (eocd < 0) return;
  const entries = data.readUInt16LE(eocd + 10);
  if (entries > budget.maxEntries) throw tooBig(name, `${entries} parts (at most ${budget.maxEntries})`, budget);
  let p = data.readUInt32LE(eocd + 16);
  let declared = 0;
  let inflated = 0;
  for (let i = 0; i < entries; i++) {
    if (p + 46 > data.length || data.readUInt32LE(p) !== CENTRAL) return;
    const method = data.readUInt16LE(p + 10);
    const compressed = data.readUInt32LE(p + 20);
    declared += data.readUInt32LE(p + 24);
    if (declared > budget.maxBytes) throw tooBig(name, `its parts declare ${mb(declared)} MB or more`, budget);
    const local = data.readUInt32LE(p + 42);
    p += 46 + data.readUInt16LE(p + 28) + data.readUInt16LE(p + 30) + data.readUInt16LE(p + 32);
    if (local + 30 > data.length || data.readUInt32LE(local) !== LOCAL) return;
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    const body = data.subarray(start, Math.min(data.length, start + compressed));
    if (method !== 8) {
      inflated += body.length;
    } else {
      try {
        inflated += zlib.inflateRawSync(body, { maxOutputLength: Math.max(1, budget.maxBytes - inflated) }).length;
      } catch (error) {
        if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw tooBig(name, "its parts inflate past the limit", budget);
        return;
      }
    }
    if (inflated > budget.maxBytes) throw tooBig(name, "its parts inflate past the limit", budget);
  }
}

/** The end-of-central-directory record: within the last 22 + 65 535 bytes (its comment may be that long). */
function findEocd(data: Buffer): number {
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (data.readUInt32LE(i) === EOCD) return i;
  }
  return -1;
}

function tooBig(name: string, why: string, budget: ZipBudget): ScriptoriumError {
  return new ScriptoriumError(
    "bad_request",
    `${name}: refused before reading — ${why}; a document may hold at most ${mb(budget.maxBytes)} MB once unpacked (a zip bomb?).`,
    { file: name, limitBytes: budget.maxBytes, reason: "too_large" },
  );
}

function mb(bytes: number): number {
  return Math.round(bytes / 1024 / 1024);
}
