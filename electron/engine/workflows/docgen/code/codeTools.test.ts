import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CodeRoot, MAX_FILE_BYTES } from "./CodeRoot.js";
import { CodeTools } from "./CodeTools.js";
import { fileOutline } from "./fileOutline.js";
import { parseGitignore } from "./gitignoreMatcher.js";
import { formatSkeleton, projectSkeleton } from "./projectSkeleton.js";

let base: string;
let rootDir: string;
let outside: string;

/** A project with every kind of trap the confinement must refuse, and ordinary files it must read. */
beforeAll(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), "docgen-code-"));
  rootDir = path.join(base, "project");
  outside = path.join(base, "outside");
  fs.mkdirSync(path.join(rootDir, "src", "util"), { recursive: true });
  fs.mkdirSync(path.join(rootDir, ".git"), { recursive: true });
  fs.mkdirSync(path.join(rootDir, "dist"), { recursive: true });
  fs.mkdirSync(outside, { recursive: true });
  fs.writeFileSync(path.join(outside, "secret.txt"), "OUTSIDE-SECRET\n");
  fs.writeFileSync(path.join(rootDir, ".git", "config"), "[core]\n");
  fs.writeFileSync(path.join(rootDir, ".gitignore"), "dist/\n*.log\n!keep.log\n");
  fs.writeFileSync(path.join(rootDir, "dist", "bundle.js"), "x");
  fs.writeFileSync(path.join(rootDir, "debug.log"), "log");
  fs.writeFileSync(path.join(rootDir, "keep.log"), "kept log line\n");
  fs.writeFileSync(path.join(rootDir, ".env"), "API_KEY=sk-should-never-be-read\n");
  fs.writeFileSync(path.join(rootDir, "server.pem"), "-----BEGIN PRIVATE KEY-----\n");
  fs.writeFileSync(path.join(rootDir, "package.json"), JSON.stringify({ name: "demo-cli", version: "1.2.0", main: "src/index.ts", scripts: { build: "tsc", test: "vitest" } }));
  fs.writeFileSync(
    path.join(rootDir, "src", "index.ts"),
    ["import { slug } from './util/slug';", "", "/** Entry. */", "export function run(argv: string[]): number {", "  return argv.length;", "}", "", "export class Greeter {", "  greet(name: string) {", "    return `hi ${name}`;", "  }", "}", "", "export const VERSION = '1.2.0';", "function hidden() {}", ""].join("\n"),
  );
  fs.writeFileSync(path.join(rootDir, "src", "util", "slug.ts"), "export const slug = (s: string) => s.toLowerCase();\n");
  fs.writeFileSync(path.join(rootDir, "src", "tool.py"), ["import os", "", "class Loader:", "    def load(self, p):", "        return p", "", "def main():", "    pass", "", "def _private():", "    pass", ""].join("\n"));
  fs.writeFileSync(path.join(rootDir, "src", "main.go"), ["package main", "", "type Server struct {", "\tPort int", "}", "", "func (s *Server) Start() error {", "\treturn nil", "}", "", "func main() {}", ""].join("\n"));
  fs.writeFileSync(path.join(rootDir, "src", "lib.rs"), ["pub struct Config {", "    pub port: u16,", "}", "", "pub fn parse(s: &str) -> Config {", "    Config { port: 1 }", "}", "", "fn private_helper() {}", ""].join("\n"));
  fs.writeFileSync(path.join(rootDir, "src", "Main.kt"), "fun main() {\n}\nclass Box\n");
  fs.writeFileSync(path.join(rootDir, "中文 名.md"), "# 说明\n内部链接\n");
  fs.writeFileSync(path.join(rootDir, "image.bin"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]));
  // 50 MB, sparse: refused on size before a byte is read.
  const big = fs.openSync(path.join(rootDir, "huge.txt"), "w");
  fs.ftruncateSync(big, 50 * 1024 * 1024);
  fs.closeSync(big);
  fs.symlinkSync(outside, path.join(rootDir, "link-out"));
  fs.symlinkSync(path.join(outside, "secret.txt"), path.join(rootDir, "secret-link.txt"));
  fs.symlinkSync("/proc/self/environ", path.join(rootDir, "proc-link"));
  fs.symlinkSync(path.join(rootDir, "src", "util", "slug.ts"), path.join(rootDir, "inside-link.ts"));
  execFileSync("mkfifo", [path.join(rootDir, "pipe")]);
});

afterAll(() => {
  fs.rmSync(base, { recursive: true, force: true });
});

describe("confinement corpus", () => {
  const traps = [
    "../outside/secret.txt",
    "src/../../outside/secret.txt",
    "..",
    "/etc/passwd",
    () => path.join(outside, "secret.txt"),
    "link-out/secret.txt",
    "link-out",
    "secret-link.txt",
    "/proc/self/environ",
    "proc-link",
    "pipe",
    "huge.txt",
    "image.bin",
    ".env",
    "server.pem",
    ".git/config",
    ".git",
    "dist/bundle.js",
    "debug.log",
    "C:\\Windows\\win.ini",
    "~/.ssh/id_rsa",
    "src/\0index.ts",
  ];
  const inside = ["package.json", "src/index.ts", "src/util/slug.ts", "src/tool.py", "keep.log", "中文 名.md", "./src/main.go", "inside-link.ts"];

  it("refuses every trap with a message, reads 0 bytes for them, opens nothing outside the root, and never throws", async () => {
    const root = await CodeRoot.open(rootDir);
    const tools = new CodeTools(root);
    const realRoot = fs.realpathSync(rootDir);
    const opened: string[] = [];
    const original = fs.promises.open.bind(fs.promises);
    const open = vi.spyOn(fs.promises, "open").mockImplementation(((file: fs.PathLike, ...rest: [never?, never?]) => {
      opened.push(String(file));
      return original(file, ...rest);
    }) as typeof fs.promises.open);
    for (const trap of traps) {
      const p = typeof trap === "function" ? trap() : trap;
      for (const tool of ["read_file", "get_file_outline", "list_dir"] as const) {
        const out = await tools.run(tool, { path: p });
        expect(out.ok, `${tool} ${p}`).toBe(false);
        expect(out.text).toMatch(/拒绝|不是|无法|不存在/);
        expect(out.text).not.toContain("OUTSIDE-SECRET");
        expect(out.text).not.toContain("sk-should-never-be-read");
      }
    }
    expect(root.bytesRead).toBe(0);
    expect((await tools.run("read_file", { path: "package.json" })).ok).toBe(true);
    open.mockRestore();
    expect(opened).toContain(path.join(realRoot, "package.json"));
    expect(opened.filter((f) => !f.startsWith(realRoot + path.sep))).toEqual([]);
  });

  it("reads every ordinary file inside the root (0 false refusals)", async () => {
    const root = await CodeRoot.open(rootDir);
    const tools = new CodeTools(root);
    for (const p of inside) {
      const out = await tools.run("read_file", { path: p });
      expect(out.ok, `${p}: ${out.text}`).toBe(true);
    }
    expect((await tools.run("list_dir", { path: "." })).ok).toBe(true);
    expect((await tools.run("list_dir", { path: "src/util" })).ok).toBe(true);
  });

  it("search and listings never surface ignored, secret, outside or special files", async () => {
    const root = await CodeRoot.open(rootDir);
    const tools = new CodeTools(root);
    const listing = await tools.run("list_dir", { path: "." });
    for (const hidden of [".env", "server.pem", ".git/", "dist/", "debug.log", "link-out", "secret-link.txt", "proc-link", "pipe"]) {
      expect(listing.text.split("\n").some((l) => l.startsWith(hidden))).toBe(false);
    }
    expect(listing.text).toContain("keep.log");
    const before = root.bytesRead;
    const hits = await tools.run("search_keyword", { query: "SECRET" });
    expect(hits.text).not.toContain("OUTSIDE-SECRET");
    const env = await tools.run("search_keyword", { query: "sk-should" });
    expect(env.text).toBe("（没有匹配）");
    expect(root.bytesRead).toBeGreaterThan(before);
    const files = await root.walkFiles();
    expect(files.map((f) => f.rel).sort()).toEqual(
      ["中文 名.md", "huge.txt", "image.bin", "inside-link.ts", "keep.log", "package.json", "src/Main.kt", "src/index.ts", "src/lib.rs", "src/main.go", "src/tool.py", "src/util/slug.ts", ".gitignore"].sort(),
    );
    // The walk lists what exists; reading enforces the cap and the binary sniff.
    expect(files.find((f) => f.rel === "huge.txt")!.size).toBeGreaterThan(MAX_FILE_BYTES);
    expect((await root.readText("huge.txt")).ok).toBe(false);
  });
});

describe("code tools", () => {
  it("search_keyword finds literal and regex hits with line numbers, and reports a bad regex", async () => {
    const tools = new CodeTools(await CodeRoot.open(rootDir));
    const literal = await tools.run("search_keyword", { query: "export function" });
    expect(literal.text).toContain("src/index.ts:4: export function run(argv: string[]): number {");
    const re = await tools.run("search_keyword", { query: "^func\\s+\\(", regex: true });
    expect(re.text).toContain("src/main.go:7:");
    expect(re.summary).toBe("1 hits in 1 files");
    const bad = await tools.run("search_keyword", { query: "(unclosed", regex: true });
    expect(bad.ok).toBe(false);
    expect(bad.text).toContain("无效的正则表达式");
    expect((await tools.run("search_keyword", { query: "  " })).ok).toBe(false);
  });

  it("read_file returns the asked line range, numbered, and says how to continue", async () => {
    const tools = new CodeTools(await CodeRoot.open(rootDir));
    const out = await tools.run("read_file", { path: "src/index.ts", start_line: 4, end_line: 6 });
    expect(out.text.split("\n").slice(0, 3)).toEqual(["   4| export function run(argv: string[]): number {", "   5|   return argv.length;", "   6| }"]);
    expect(out.text).toContain("start_line=7");
    expect(out.summary).toBe("src/index.ts:4–6 of 16");
    const clamped = await tools.run("read_file", { path: "src/index.ts", start_line: -5, end_line: 9999 });
    expect(clamped.text.startsWith("   1| import")).toBe(true);
  });

  it("unknown tools and missing arguments are messages", async () => {
    const tools = new CodeTools(await CodeRoot.open(rootDir));
    expect((await tools.run("rm_rf", {})).text).toContain("未知工具");
    expect((await tools.run("read_file", {})).ok).toBe(false);
    expect((await tools.run("read_file", { path: "src" })).text).toContain("目录");
  });

  it("outlines TS with the compiler API, Python/Go/Rust with tree-sitter, others by regex", async () => {
    const tools = new CodeTools(await CodeRoot.open(rootDir));
    const ts = await fileOutline("index.ts", fs.readFileSync(path.join(rootDir, "src", "index.ts"), "utf8"));
    expect(ts.parser).toBe("typescript");
    expect(ts.symbols).toContainEqual({ kind: "function", name: "run", startLine: 4, endLine: 6, exported: true, depth: 0 });
    expect(ts.symbols).toContainEqual({ kind: "method", name: "greet", startLine: 9, endLine: 11, exported: false, depth: 1 });
    expect(ts.symbols.find((s) => s.name === "hidden")?.exported).toBe(false);
    const py = await fileOutline("tool.py", fs.readFileSync(path.join(rootDir, "src", "tool.py"), "utf8"));
    expect(py.parser).toBe("tree-sitter");
    expect(py.symbols).toContainEqual({ kind: "class", name: "Loader", startLine: 3, endLine: 5, exported: true, depth: 0 });
    expect(py.symbols).toContainEqual({ kind: "function", name: "load", startLine: 4, endLine: 5, exported: true, depth: 1 });
    expect(py.symbols.find((s) => s.name === "_private")?.exported).toBe(false);
    const go = await fileOutline("main.go", fs.readFileSync(path.join(rootDir, "src", "main.go"), "utf8"));
    expect(go.parser).toBe("tree-sitter");
    expect(go.symbols.map((s) => `${s.kind}:${s.name}:${s.startLine}`)).toEqual(expect.arrayContaining(["type:Server:3", "method:Start:7", "function:main:11"]));
    const rs = await fileOutline("lib.rs", fs.readFileSync(path.join(rootDir, "src", "lib.rs"), "utf8"));
    expect(rs.symbols.find((s) => s.name === "parse")).toMatchObject({ kind: "function", exported: true, startLine: 5, endLine: 7 });
    expect(rs.symbols.find((s) => s.name === "private_helper")?.exported).toBe(false);
    const kt = await tools.run("get_file_outline", { path: "src/Main.kt" });
    expect(kt.text).toContain("（regex）");
    expect(kt.text).toContain("class Box [3-3]");
  });
});

describe("project skeleton", () => {
  it("lists the tree, manifest facts, entry points and exported symbols", async () => {
    const s = await projectSkeleton(await CodeRoot.open(rootDir));
    expect(s.manifests[0]).toContain("name=demo-cli");
    expect(s.manifests[0]).toContain("scripts=build,test");
    expect(s.entryPoints).toContain("src/index.ts");
    expect(s.exports.find((e) => e.startsWith("src/index.ts:"))).toContain("function run");
    expect(s.tree).toContain("src/");
    expect(s.tree).not.toContain(".env");
    const text = formatSkeleton(s);
    expect(text).toContain("入口文件：src/index.ts");
    expect(text).not.toContain("sk-should");
  });
});

describe("gitignore matcher", () => {
  it("follows git's rules for anchoring, folders, negation and globstars", () => {
    const m = parseGitignore(["# c", "/build", "logs/", "*.tmp", "!keep.tmp", "docs/**/draft.md", "a?c", "[Tt]emp"].join("\n"));
    expect(m.ignores("build", true)).toBe(true);
    expect(m.ignores("src/build", true)).toBe(false);
    expect(m.ignores("x/logs/a.txt", false)).toBe(true);
    expect(m.ignores("logs", false)).toBe(false);
    expect(m.ignores("deep/a.tmp", false)).toBe(true);
    expect(m.ignores("keep.tmp", false)).toBe(false);
    expect(m.ignores("docs/draft.md", false)).toBe(true);
    expect(m.ignores("docs/a/b/draft.md", false)).toBe(true);
    expect(m.ignores("abc", false)).toBe(true);
    expect(m.ignores("Temp", true)).toBe(true);
    expect(m.ignores("node_modules/x/index.js", false)).toBe(true);
    expect(m.ignores("src/index.ts", false)).toBe(false);
  });
});
