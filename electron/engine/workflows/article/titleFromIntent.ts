/**
 * A title made from the user's intent when the model gave none of its own (or only the prompt's
 * example): the instruction is taken off — "写一篇关于校园节能改造的分析" → "校园节能改造",
 * "Write a short article on how small teams can work offline" → "How small teams can work offline".
 * Whatever does not look like an instruction is kept as it is, first line only.
 */
export function titleFromIntent(intent: string): string {
  let text = intent.trim().split(/\r?\n/)[0]!.trim();
  const zh = /^(?:请|麻烦)?(?:帮我|为我|给我)?(?:写|撰写|起草)(?:一|1)?(?:篇|份|段)?(?:简短的|短的)?(?:[\u4e00-\u9fff]{0,4}?(?:文章|短文|分析|报道|综述|指南|科普短文|科普文章|说明))?(?:[,，:：]\s*)?(?:关于|介绍|讨论|谈谈|说明|讲讲|分析)?/u;
  const zhTail = /的(?:短文|文章|分析|报道|综述|指南|科普短文|科普文章|说明)[^，。]*$|[，。].*$/u;
  const en = /^(?:please\s+)?(?:write|draft|compose)\s+(?:an?\s+|the\s+)?(?:[\w'’-]+\s+){0,3}?(?:article|piece|post|guide|analysis|essay|report|overview|explainer)\s+(?:on|about|of|to|explaining|covering|that explains|for)?\s*/i;
  if (en.test(text)) {
    text = text.replace(en, "").replace(/[.。]+$/u, "");
    return text ? text[0]!.toUpperCase() + text.slice(1) : intent.trim();
  }
  if (zh.test(text)) {
    const stripped = text.replace(zh, "").replace(zhTail, "").trim();
    if (stripped.length >= 2) return stripped;
  }
  return text;
}
