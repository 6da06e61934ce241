import type { Definition, Image, Link, Node, Root } from "mdast";
import { visit } from "unist-util-visit";
import { isCjk } from "./charClasses.js";
import { cellString } from "./cellUtils.js";
import type { Finding } from "./Finding.js";
import type { ProseBlock } from "./proseBlocks.js";

/** Canonical spellings (rule 5.1). Common English words (go, rust, react as a verb) stay out of the list on purpose. */
const NAMES = [
  "GitHub", "GitLab", "Gitee", "Git", "JavaScript", "TypeScript", "Python", "Java", "Kotlin", "Swift", "PHP", "Ruby",
  "MySQL", "PostgreSQL", "SQLite", "MongoDB", "Redis", "Elasticsearch", "Kafka", "macOS", "iOS", "iPadOS", "iPhone", "iPad",
  "Android", "Linux", "Ubuntu", "Debian", "CentOS", "Windows", "Docker", "Kubernetes", "Google", "Facebook", "Microsoft",
  "Apple", "Foursquare", "Twitter", "YouTube", "LinkedIn", "WordPress", "Electron", "React", "Vue", "Angular", "Svelte",
  "npm", "pnpm", "JSON", "YAML", "HTML", "HTML5", "CSS", "HTTP", "HTTPS", "URL", "API", "SQL", "XML", "CPU", "GPU", "SSD",
  "LeanCloud", "Markdown", "PDF", "Chrome", "Firefox", "Safari", "Xcode", "OpenAI", "ChatGPT", "LangChain", "LangGraph",
  "LanceDB", "Ollama", "TensorFlow", "PyTorch", "NumPy", "WebAssembly", "GraphQL", "Vite", "ESLint", "Nginx", "CUDA",
];
const CANONICAL = new Map(NAMES.map((n) => [n.toLowerCase(), n]));

/** Deny-listed spellings (rule 5.2): exact case; `null` means no certain replacement. */
const DENY = new Map<string, string | null>([
  ["Js", "JavaScript"], ["js", "JavaScript"], ["Ts", "TypeScript"], ["h5", "HTML5"], ["H5", "HTML5"],
  ["nextjs", "Next.js"], ["Nextjs", "Next.js"], ["NextJS", "Next.js"], ["nodejs", "Node.js"], ["Nodejs", "Node.js"],
  ["NodeJS", "Node.js"], ["NodeJs", "Node.js"], ["vuejs", "Vue.js"], ["Vuejs", "Vue.js"], ["reactjs", "React"], ["ReactJS", "React"],
  ["RJS", null], ["FED", null], ["k8s", "Kubernetes"],
]);

const FILE_NAME_EXEMPT = /^(README|LICENSE|CHANGELOG|CONTRIBUTING|AUTHORS|SECURITY|CODE_OF_CONDUCT|FAQ|NOTICE)(\.[a-z]+)?$/;

/** 5.1 proper-noun case, 5.2 deny-listed abbreviations (prose with Chinese only), 5.5 local file names in links. */
export function namingChecks(tree: Root, blocks: ProseBlock[], out: Finding[]): void {
  for (const block of blocks) {
    const { cells } = block;
    if (!cells.some((c) => isCjk(c.kind === "text" ? c.ch : undefined))) continue;
    const str = cellString(cells);
    for (const m of str.matchAll(/[A-Za-z0-9]+/g)) {
      const from = m.index;
      const to = from + m[0].length;
      const run = cells.slice(from, to);
      if (run.some((c) => c.kind !== "text") || run.some((c, k) => k > 0 && run[k - 1]!.end !== c.start)) continue;
      const before = str[from - 1] ?? "";
      const after = str[to] ?? "";
      if (/[./\\@#$_\-+]/.test(before) || /[/\\@_\-+(]/.test(after) || (after === "." && /[A-Za-z0-9]/.test(str[to + 1] ?? ""))) continue;
      const word = m[0];
      const edit = (text: string) => [{ start: run[0]!.start, end: run[run.length - 1]!.end, text }];
      if (DENY.has(word)) {
        const fix = DENY.get(word);
        out.push({ rule: "5.2", offset: run[0]!.start, message: fix ? `不使用不规范的缩写“${word}”，写作“${fix}”` : `不使用不规范的缩写“${word}”`, ...(fix ? { edits: edit(fix) } : {}) });
        continue;
      }
      const canonical = CANONICAL.get(word.toLowerCase());
      if (canonical && canonical !== word) out.push({ rule: "5.1", offset: run[0]!.start, message: `专有名词大小写应为“${canonical}”`, edits: edit(canonical) });
    }
  }
  visit(tree, (node: Node) => {
    if (node.type !== "link" && node.type !== "image" && node.type !== "definition") return;
    const url = (node as Link | Image | Definition).url;
    if (!url || /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith("#") || url.startsWith("//")) return;
    const name = decodeURIComponentSafe(url.split(/[?#]/)[0]!.split("/").pop() ?? "");
    if (!name || FILE_NAME_EXEMPT.test(name) || !name.includes(".")) return;
    if (/[A-Z]/.test(name) || /[_\s]/.test(name) || /[^\x21-\x7e]/.test(name)) {
      out.push({ rule: "5.5", offset: node.position?.start.offset ?? 0, message: `文件名“${name}”应为小写英文，单词之间用连字符“-”连接` });
    }
  });
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
