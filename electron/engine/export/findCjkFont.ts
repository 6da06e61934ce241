import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ScriptoriumError } from "../../../shared/errors.js";
import { defaultAppRoot } from "../defaultAppRoot.js";

/** A font file that can write Chinese; `postscriptName` picks the face inside a collection (.ttc). */
export interface CjkFont {
  file: string;
  postscriptName?: string;
  family: string;
}

/** What each role prefers, in order; any Chinese font serves when none of them is installed. */
const PREFERENCES = {
  body: [/仿宋|FangSong/i, /宋体|SimSun|Song/i, /Noto Serif CJK/i],
  title: [/小标宋|XiaoBiaoSong/i, /宋体|SimSun|Song/i, /Noto Serif CJK/i],
  plain: [/Noto Sans CJK SC/i, /Micro ?Hei|微米黑/i, /Zen ?Hei|正黑/i, /YaHei|雅黑/i],
} as const;

// Where the usual Chinese fonts sit when fontconfig is absent (Windows, macOS, a bare container).
const KNOWN: ReadonlyArray<CjkFont> = [
  { file: "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", postscriptName: "WenQuanYiMicroHei", family: "WenQuanYi Micro Hei" },
  { file: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", postscriptName: "NotoSansCJKsc-Regular", family: "Noto Sans CJK SC" },
  { file: "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc", postscriptName: "WenQuanYiZenHei", family: "WenQuanYi Zen Hei" },
  { file: "C:\\Windows\\Fonts\\simfang.ttf", family: "FangSong" },
  { file: "C:\\Windows\\Fonts\\simsun.ttc", postscriptName: "SimSun", family: "SimSun" },
  { file: "C:\\Windows\\Fonts\\msyh.ttc", postscriptName: "MicrosoftYaHei", family: "Microsoft YaHei" },
  { file: "/System/Library/Fonts/Supplemental/Songti.ttc", postscriptName: "STSongti-SC-Regular", family: "Songti SC" },
  { file: "/Library/Fonts/Arial Unicode.ttf", family: "Arial Unicode MS" },
];

export const CJK_FONT_HINT =
  "No Chinese font found for the PDF. Install one (Debian/Ubuntu: sudo apt install fonts-wqy-microhei or fonts-noto-cjk), " +
  "put a .ttf/.otf/.ttc into the app's fonts/ folder, or set SCRIPTORIUM_CJK_FONT to a font file.";

/**
 * The Chinese fonts this machine offers: `SCRIPTORIUM_CJK_FONT`, the app's own `fonts/` folder, what
 * fontconfig lists for `:lang=zh`, then the usual install paths. TrueType/OpenType only: PDFKit
 * embeds and subsets those (not Type 1 or bitmap fonts).
 */
export function cjkFonts(env: NodeJS.ProcessEnv = process.env, appRoot = defaultAppRoot()): CjkFont[] {
  const found: CjkFont[] = [];
  const usable = (file: string) => /\.(ttf|otf|ttc)$/i.test(file) && fs.existsSync(file);
  if (env.SCRIPTORIUM_CJK_FONT) {
    if (!usable(env.SCRIPTORIUM_CJK_FONT)) throw new ScriptoriumError("bad_request", `SCRIPTORIUM_CJK_FONT=${env.SCRIPTORIUM_CJK_FONT} is not a .ttf/.otf/.ttc file.`, {});
    found.push({ file: env.SCRIPTORIUM_CJK_FONT, family: path.basename(env.SCRIPTORIUM_CJK_FONT) });
  }
  const bundled = path.join(appRoot, "fonts");
  if (fs.existsSync(bundled))
    for (const name of fs.readdirSync(bundled).sort()) if (usable(path.join(bundled, name))) found.push({ file: path.join(bundled, name), family: name });
  found.push(...fontconfig().filter((f) => usable(f.file)));
  found.push(...KNOWN.filter((f) => usable(f.file)));
  return found;
}

/** The font for `role` (body text, title, or anything), or a clear error naming what to install. */
export function findCjkFont(role: keyof typeof PREFERENCES, fonts: readonly CjkFont[] = cjkFonts()): CjkFont {
  if (fonts.length === 0) throw new ScriptoriumError("unavailable", CJK_FONT_HINT, {});
  for (const wanted of [...PREFERENCES[role], ...PREFERENCES.plain]) {
    const hit = fonts.find((f) => wanted.test(f.family));
    if (hit) return hit;
  }
  return fonts[0]!;
}

function fontconfig(): CjkFont[] {
  let out: string;
  try {
    out = execFileSync("fc-list", [":lang=zh", "file", "family", "postscriptname"], { encoding: "utf8", timeout: 10_000, stdio: ["ignore", "pipe", "ignore"] });
  } catch {
    return [];
  }
  return out
    .split("\n")
    .map((line) => /^(.+?): ([^:]*)(?::postscriptname=(.*))?$/.exec(line.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ file: m[1]!, family: m[2]!, ...(m[3] ? { postscriptName: m[3] } : {}) }))
    // Regular faces first, and the proportional face before its monospaced sibling.
    .sort((a, b) => Number(/Mono/i.test(a.family)) - Number(/Mono/i.test(b.family)));
}
