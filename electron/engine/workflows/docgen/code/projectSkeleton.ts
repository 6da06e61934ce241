import path from "node:path";
import { JsonObjectSchema, parseJson } from "../../../../../shared/parseJson.js";
import type { CodeRoot } from "./CodeRoot.js";
import { fileOutline } from "./fileOutline.js";

/** A deterministic first look at a project, given to the agent before its first step. */
export interface ProjectSkeleton {
  /** Indented file tree (depth-limited, capped). */
  tree: string;
  /** Manifest facts such as `package.json: name=foo, scripts=build,test`. */
  manifests: string[];
  /** Root-relative paths of likely entry points. */
  entryPoints: string[];
  /** `file: symbol, symbol …` for exported top-level symbols of entry points and main source files. */
  exports: string[];
  /** Readable files seen by the walk. */
  fileCount: number;
}

const TREE_LINES = 120;
const TREE_DEPTH = 3;
const EXPORT_FILES = 12;
const SOURCE_EXT = /\.(?:[cm]?[jt]sx?|py|go|rs|java|rb|cs|cpp|cc|c|h|hpp|php|kt|swift)$/i;
const MANIFESTS = ["package.json", "pyproject.toml", "setup.py", "requirements.txt", "go.mod", "Cargo.toml", "pom.xml", "build.gradle", "composer.json", "Gemfile"];
const ENTRY_NAMES = [
  "src/index.ts", "src/index.js", "src/main.ts", "src/main.js", "index.ts", "index.js", "main.ts", "main.js", "src/cli.ts", "cli.js",
  "main.py", "app.py", "__main__.py", "manage.py", "src/main.rs", "src/lib.rs", "main.go", "cmd/main.go",
];

export async function projectSkeleton(root: CodeRoot): Promise<ProjectSkeleton> {
  const files = await root.walkFiles(".", 5000);
  const rels = files.map((f) => f.rel);
  const set = new Set(rels);
  const manifests: string[] = [];
  const entryPoints: string[] = [];
  for (const name of MANIFESTS) {
    if (!set.has(name)) continue;
    const read = await root.readText(name, 256 * 1024);
    if (!read.ok) continue;
    manifests.push(`${name}: ${summariseManifest(name, read.text, entryPoints)}`);
  }
  for (const rel of rels) {
    const base = path.posix.basename(rel);
    if (ENTRY_NAMES.includes(rel) || (base === "main.go" && rel.startsWith("cmd/")) || base === "__main__.py") entryPoints.push(rel);
  }
  const entries = [...new Set(entryPoints.map((e) => e.replace(/^\.\//, "")))].filter((e) => set.has(e));
  const sources = rels.filter((r) => SOURCE_EXT.test(r) && !/(?:^|\/)(?:test|tests|__tests__|spec)\/|\.(?:test|spec)\./.test(r));
  // Entry points first, then the shallowest source files: the public surface of a project is usually near the top.
  const picked = [...new Set([...entries.filter((e) => SOURCE_EXT.test(e)), ...sources.sort((a, b) => depth(a) - depth(b) || a.localeCompare(b))])].slice(
    0,
    EXPORT_FILES,
  );
  const exports: string[] = [];
  for (const rel of picked) {
    const read = await root.readText(rel, 256 * 1024);
    if (!read.ok) continue;
    const { symbols } = await fileOutline(path.posix.basename(rel), read.text);
    const names = symbols.filter((s) => s.depth === 0 && s.exported).map((s) => `${s.kind} ${s.name}`);
    if (names.length) exports.push(`${rel}: ${names.slice(0, 15).join(", ")}${names.length > 15 ? " …" : ""}`);
  }
  return { tree: renderTree(rels), manifests, entryPoints: entries, exports, fileCount: rels.length };
}

/** The skeleton as the agent's first message (short: a weak model gets the map, not the territory). */
export function formatSkeleton(s: ProjectSkeleton): string {
  return [
    `文件数：${s.fileCount}`,
    "目录结构：",
    s.tree,
    s.manifests.length ? `清单文件：\n${s.manifests.map((m) => `- ${m}`).join("\n")}` : "清单文件：无",
    s.entryPoints.length ? `入口文件：${s.entryPoints.join(", ")}` : "入口文件：未识别",
    s.exports.length ? `导出符号：\n${s.exports.map((e) => `- ${e}`).join("\n")}` : "导出符号：无",
  ].join("\n");
}

function depth(rel: string): number {
  return rel.split("/").length;
}

function renderTree(rels: string[]): string {
  const lines: string[] = [];
  const seenDirs = new Set<string>();
  let hidden = 0;
  for (const rel of [...rels].sort()) {
    const parts = rel.split("/");
    for (let i = 1; i < parts.length && i <= TREE_DEPTH; i++) {
      const dir = parts.slice(0, i).join("/");
      if (seenDirs.has(dir)) continue;
      seenDirs.add(dir);
      if (lines.length < TREE_LINES) lines.push(`${"  ".repeat(i - 1)}${parts[i - 1]}/`);
      else hidden++;
    }
    if (parts.length <= TREE_DEPTH) {
      if (lines.length < TREE_LINES) lines.push(`${"  ".repeat(parts.length - 1)}${parts[parts.length - 1]}`);
      else hidden++;
    }
  }
  if (hidden) lines.push(`… 另有 ${hidden} 项`);
  return lines.join("\n");
}

function summariseManifest(name: string, text: string, entryPoints: string[]): string {
  if (name === "package.json" || name === "composer.json") {
    try {
      const pkg = parseJson(JsonObjectSchema, text, name);
      const parts: string[] = [];
      for (const key of ["name", "version", "description"]) if (typeof pkg[key] === "string") parts.push(`${key}=${String(pkg[key]).slice(0, 120)}`);
      if (typeof pkg.main === "string") {
        parts.push(`main=${pkg.main}`);
        entryPoints.push(pkg.main.replace(/^\.\//, ""));
      }
      if (pkg.bin) {
        const bins = typeof pkg.bin === "string" ? [pkg.bin] : Object.values(pkg.bin as Record<string, string>);
        parts.push(`bin=${bins.join(",")}`);
        entryPoints.push(...bins.filter((b): b is string => typeof b === "string").map((b) => b.replace(/^\.\//, "")));
      }
      for (const key of ["scripts", "dependencies"]) {
        const obj = pkg[key];
        if (obj && typeof obj === "object") parts.push(`${key}=${Object.keys(obj).slice(0, 12).join(",")}`);
      }
      return parts.join("; ");
    } catch {
      return "（无法解析的 JSON）";
    }
  }
  if (name === "go.mod") return text.split(/\r?\n/).filter((l) => /^(module|go)\s/.test(l)).join("; ");
  if (name === "requirements.txt") return text.split(/\r?\n/).filter((l) => l.trim() && !l.startsWith("#")).slice(0, 12).join(", ");
  // TOML / XML / gradle: the name and description lines are what the agent needs.
  const keys = text
    .split(/\r?\n/)
    .filter((l) => /^\s*(name|version|description|artifactId|groupId|module)\s*[=:<]/.test(l) || /<(artifactId|name|description)>/.test(l))
    .slice(0, 6)
    .map((l) => l.trim().slice(0, 120));
  return keys.join("; ") || "（已找到）";
}
