/**
 * A `.gitignore` matcher for the code tools: the rules git documents (comments, `!` negation,
 * trailing `/` for folders, leading or inner `/` anchoring, `*`, `?`, `**`, `[...]`). Paths are
 * root-relative with `/` separators. A path is ignored when it or any parent folder is.
 */
export interface GitignoreMatcher {
  ignores(relPath: string, isDir: boolean): boolean;
}

interface Pattern {
  regex: RegExp;
  negate: boolean;
  dirOnly: boolean;
}

/** Folders never worth reading even without a .gitignore (vendored deps, VCS data). */
const ALWAYS_IGNORED = ["node_modules/", ".git/", ".hg/", ".svn/"];

export function parseGitignore(text: string): GitignoreMatcher {
  const patterns: Pattern[] = [];
  for (const raw of [...ALWAYS_IGNORED, ...text.split(/\r?\n/)]) {
    const p = toPattern(raw);
    if (p) patterns.push(p);
  }
  const matchOne = (rel: string, isDir: boolean): boolean | undefined => {
    let result: boolean | undefined;
    for (const p of patterns) {
      if (p.dirOnly && !isDir) continue;
      if (p.regex.test(rel)) result = !p.negate;
    }
    return result;
  };
  return {
    ignores(relPath, isDir) {
      const parts = relPath.split("/").filter((s) => s && s !== ".");
      // A parent folder that is ignored hides everything below it (git cannot re-include inside it).
      for (let i = 1; i < parts.length; i++) {
        if (matchOne(parts.slice(0, i).join("/"), true) === true) return true;
      }
      return parts.length > 0 && matchOne(parts.join("/"), isDir) === true;
    },
  };
}

function toPattern(raw: string): Pattern | undefined {
  let line = raw.replace(/(?<!\\)\s+$/, "");
  if (!line || line.startsWith("#")) return undefined;
  let negate = false;
  if (line.startsWith("!")) {
    negate = true;
    line = line.slice(1);
  }
  if (line.startsWith("\\")) line = line.slice(1);
  let dirOnly = false;
  if (line.endsWith("/")) {
    dirOnly = true;
    line = line.slice(0, -1);
  }
  if (!line) return undefined;
  // A slash at the start or in the middle anchors the pattern to the root; otherwise it matches at any depth.
  const anchored = line.includes("/");
  if (line.startsWith("/")) line = line.slice(1);
  const body = globToRegex(line);
  return { regex: new RegExp(anchored ? `^${body}$` : `^(?:.*/)?${body}$`), negate, dirOnly };
}

function globToRegex(glob: string): string {
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === "*") {
      if (glob[i + 1] === "*") {
        const atStart = i === 0 || glob[i - 1] === "/";
        const atEnd = i + 2 === glob.length || glob[i + 2] === "/";
        if (atStart && atEnd) {
          // `**/` matches zero or more folders; a trailing `**` matches everything inside.
          if (i + 2 === glob.length) out += ".*";
          else {
            out += "(?:.*/)?";
            i++;
          }
          i++;
          continue;
        }
      }
      out += "[^/]*";
    } else if (c === "?") out += "[^/]";
    else if (c === "[") {
      const close = glob.indexOf("]", i + 1);
      if (close < 0) out += "\\[";
      else {
        let cls = glob.slice(i + 1, close).replace(/\\/g, "\\\\");
        if (cls.startsWith("!")) cls = `^${cls.slice(1)}`;
        out += `[${cls}]`;
        i = close;
      }
    } else if (c === "\\" && i + 1 < glob.length) {
      out += escapeRegex(glob[++i]!);
    } else out += escapeRegex(c);
  }
  return out;
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
