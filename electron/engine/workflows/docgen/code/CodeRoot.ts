import fs from "node:fs";
import path from "node:path";
import { ScriptoriumError } from "../../../../../shared/errors.js";
import { isInsideRoot } from "../../../io/confinePath.js";
import { parseGitignore, type GitignoreMatcher } from "./gitignoreMatcher.js";

/** Largest file any code tool reads, in bytes (a generated bundle or a data dump is not documentation). */
export const MAX_FILE_BYTES = 1024 * 1024;
/** Bytes sniffed for NUL to tell binary files from text. */
const SNIFF_BYTES = 8192;

/** Names that look like secrets: never read, never listed as readable. */
const SECRET_NAME = /^(?:\.env(?:\..*)?|.*\.(?:pem|key|p12|pfx|jks|keystore|ppk|asc|gpg)|id_(?:rsa|dsa|ecdsa|ed25519)(?:\.pub)?|\.npmrc|\.pypirc|\.netrc|\.htpasswd|credentials(?:\..*)?|secrets?\.(?:json|ya?ml|toml)|.*\.secret)$/i;

/** Outcome of resolving a path the agent asked for: a readable location, or a refusal message for the agent. */
export type Resolved =
  | { ok: true; rel: string; abs: string; stat: fs.Stats }
  | { ok: false; refusal: string };

/** A text file read under the confinement rules. */
export type ReadOutcome = { ok: true; rel: string; text: string; bytes: number } | { ok: false; refusal: string };

/**
 * The folder the code tools may read. Every request is resolved with realpath under the root and
 * refused (as a message, never an exception) when it is absolute, climbs with `..`, leaves the root
 * through a symlink, names `.git/`, a `.gitignore`d path, a secret-looking file, a device, FIFO or
 * socket, a binary file or one over {@link MAX_FILE_BYTES}. Files are opened with O_NOFOLLOW and
 * re-checked on the open descriptor, so a path swapped after the check is not read either.
 */
export class CodeRoot {
  /** Bytes of file content handed to callers (binary sniffs not counted); every read goes through here. */
  bytesRead = 0;

  private constructor(
    /** The root's realpath. */
    readonly root: string,
    private readonly ignore: GitignoreMatcher,
  ) {}

  /** Opens a folder as a root; `bad_request` when it is not a readable folder. */
  static async open(folder: string): Promise<CodeRoot> {
    let real: string;
    try {
      real = await fs.promises.realpath(path.resolve(folder));
      if (!(await fs.promises.stat(real)).isDirectory()) throw new Error("not a folder");
    } catch (error) {
      throw new ScriptoriumError("bad_request", `Source folder ${folder} is not a readable folder.`, { path: folder, cause: String(error) });
    }
    let gitignore = "";
    try {
      gitignore = await fs.promises.readFile(path.join(real, ".gitignore"), "utf8");
    } catch {
      // No .gitignore: only the built-in ignores apply.
    }
    return new CodeRoot(real, parseGitignore(gitignore));
  }

  /** Resolve a root-relative path; `.` or "" is the root itself. */
  async resolve(requested: string): Promise<Resolved> {
    const refuse = (why: string): Resolved => ({ ok: false, refusal: `拒绝访问 "${clip(requested)}"：${why}` });
    if (typeof requested !== "string") return refuse("路径必须是字符串。");
    if (requested.includes("\0")) return refuse("路径含有非法字符。");
    const trimmed = requested.trim().replace(/\\/g, "/");
    if (path.isAbsolute(trimmed) || /^[A-Za-z]:/.test(trimmed) || trimmed.startsWith("~")) {
      return refuse("只接受相对于项目根目录的路径，不接受绝对路径。");
    }
    const segments = trimmed.split("/").filter((s) => s && s !== ".");
    if (segments.includes("..")) return refuse("路径不能包含 ..，请使用相对于项目根目录的路径。");
    const rel = segments.join("/");
    if (segments.some((s) => s === ".git")) return refuse(".git 目录不可读取。");
    const abs = path.join(this.root, ...segments);
    let real: string;
    let stat: fs.Stats;
    try {
      real = await fs.promises.realpath(abs);
      stat = await fs.promises.stat(real);
    } catch {
      return refuse("文件或目录不存在。");
    }
    if (!isInsideRoot(this.root, real)) return refuse("该路径通过符号链接指向项目根目录之外。");
    const realRel = path.relative(this.root, real).split(path.sep).join("/");
    if (realRel.split("/").includes(".git")) return refuse(".git 目录不可读取。");
    if (rel && (this.ignore.ignores(rel, stat.isDirectory()) || (realRel && this.ignore.ignores(realRel, stat.isDirectory())))) {
      return refuse("该路径被 .gitignore 忽略。");
    }
    if (isSecretName(path.basename(rel)) || isSecretName(path.basename(realRel))) return refuse("疑似密钥或凭据文件，不会读取。");
    if (!stat.isFile() && !stat.isDirectory()) return refuse("不是普通文件或目录（设备、FIFO 或套接字）。");
    return { ok: true, rel: rel || ".", abs: real, stat };
  }

  /** Read a whole text file under the rules (size cap, binary sniff, no following of a swapped link). */
  async readText(requested: string, maxBytes = MAX_FILE_BYTES): Promise<ReadOutcome> {
    const r = await this.resolve(requested);
    if (!r.ok) return r;
    const refuse = (why: string): ReadOutcome => ({ ok: false, refusal: `拒绝读取 "${clip(requested)}"：${why}` });
    if (r.stat.isDirectory()) return refuse("这是目录，请用 list_dir。");
    if (r.stat.size > maxBytes) return refuse(`文件有 ${r.stat.size} 字节，超过上限 ${maxBytes} 字节。`);
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(r.abs, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0));
    } catch {
      return refuse("文件无法打开。");
    }
    try {
      const st = await handle.stat();
      // Re-check on the descriptor: the path may have been swapped for a FIFO or a bigger file since resolve().
      if (!st.isFile()) return refuse("不是普通文件。");
      if (st.size > maxBytes) return refuse(`文件有 ${st.size} 字节，超过上限 ${maxBytes} 字节。`);
      const buffer = Buffer.alloc(Math.min(st.size, maxBytes));
      // Sniff the head first: a binary file is refused before the rest of it is read.
      let read = await readInto(handle, buffer, 0, Math.min(SNIFF_BYTES, buffer.length));
      if (buffer.subarray(0, read).includes(0)) return refuse("二进制文件，不读取。");
      read += await readInto(handle, buffer, read, buffer.length);
      this.bytesRead += read;
      return { ok: true, rel: r.rel, text: buffer.subarray(0, read).toString("utf8"), bytes: read };
    } finally {
      await handle.close();
    }
  }

  /** Direct children of a folder that the tools may show (ignored, .git and unreadable entries left out). */
  async children(
    requested: string,
  ): Promise<{ ok: true; rel: string; entries: Array<{ name: string; rel: string; dir: boolean; size: number }> } | { ok: false; refusal: string }> {
    const r = await this.resolve(requested);
    if (!r.ok) return r;
    if (!r.stat.isDirectory()) return { ok: false, refusal: `"${clip(requested)}" 不是目录，请用 read_file 或 get_file_outline。` };
    let names: string[];
    try {
      names = (await fs.promises.readdir(r.abs)).sort((a, b) => a.localeCompare(b));
    } catch {
      return { ok: false, refusal: `目录 "${clip(requested)}" 无法读取。` };
    }
    const entries: Array<{ name: string; rel: string; dir: boolean; size: number }> = [];
    for (const name of names) {
      const rel = r.rel === "." ? name : `${r.rel}/${name}`;
      const child = await this.resolve(rel);
      if (!child.ok) continue;
      entries.push({ name, rel, dir: child.stat.isDirectory(), size: child.stat.size });
    }
    return { ok: true, rel: r.rel, entries };
  }

  /**
   * Every readable file under a folder, breadth-first, at most `limit` (bounded walk; symlinked
   * folders are not descended, so a link cycle cannot loop).
   */
  async walkFiles(start = ".", limit = 5000): Promise<Array<{ rel: string; size: number }>> {
    const out: Array<{ rel: string; size: number }> = [];
    const queue = [start];
    let visited = 0;
    while (queue.length && out.length < limit && visited < limit * 4) {
      const dir = queue.shift()!;
      visited++;
      const listed = await this.children(dir);
      if (!listed.ok) continue;
      for (const e of listed.entries) {
        if (e.dir) {
          const lst = await fs.promises.lstat(path.join(this.root, ...e.rel.split("/"))).catch(() => undefined);
          if (lst && !lst.isSymbolicLink()) queue.push(e.rel);
        } else if (out.length < limit) out.push({ rel: e.rel, size: e.size });
      }
    }
    return out;
  }
}

async function readInto(handle: fs.promises.FileHandle, buffer: Buffer, from: number, to: number): Promise<number> {
  let at = from;
  while (at < to) {
    const { bytesRead } = await handle.read(buffer, at, to - at, at);
    if (bytesRead === 0) break;
    at += bytesRead;
  }
  return at - from;
}

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

function clip(s: unknown): string {
  const text = String(s);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}
