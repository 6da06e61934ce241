/** Character classes shared by the typography checks. Cells carry one code point each. */

const HAN = /^\p{Script=Han}$/u;
const CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;

export const isHan = (ch: string | undefined): boolean => ch !== undefined && HAN.test(ch);
export const isCjk = (ch: string | undefined): boolean => ch !== undefined && CJK.test(ch);
export const isLatin = (ch: string | undefined): boolean => ch !== undefined && /^[A-Za-z]$/.test(ch);
export const isDigit = (ch: string | undefined): boolean => ch !== undefined && /^[0-9]$/.test(ch);
export const isAlnum = (ch: string | undefined): boolean => isLatin(ch) || isDigit(ch);

/** 点号 plus ？！: the marks that never take a space on either side. */
export const FW_STOPS = "，。、；：？！";
/** Opening and closing fullwidth marks (quotes and brackets). */
export const FW_OPEN = "（【《〈「『〔“‘";
export const FW_CLOSE = "）】》〉」』〕”’";
/** Fullwidth marks that take no space around them. Curly quotes are left out: their width depends on the font. */
export const FW_NOSPACE = FW_STOPS + "（）【】《》〈〉「」『』〔〕";
/** Every fullwidth punctuation mark that marks a Chinese context. */
export const FW_PUNCT = FW_STOPS + FW_OPEN + FW_CLOSE + "…⋯—～·";

export const isFwPunct = (ch: string | undefined): boolean => ch !== undefined && ch.length > 0 && FW_PUNCT.includes(ch);
export const isFwNoSpace = (ch: string | undefined): boolean => ch !== undefined && ch.length > 0 && FW_NOSPACE.includes(ch);

/** Matching pairs for the order/closing check. */
export const PAIRS: Record<string, string> = {
  "“": "”",
  "‘": "’",
  "「": "」",
  "『": "』",
  "《": "》",
  "〈": "〉",
  "（": "）",
  "【": "】",
  "〔": "〕",
};
export const CLOSERS = new Set(Object.values(PAIRS));
