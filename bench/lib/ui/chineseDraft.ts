/**
 * Deterministic Chinese markdown for the streaming benchmark: paragraphs of plain prose with
 * citations, bold phrases and an occasional list, so the renderer's markdown and citation passes do
 * the work a real draft makes them do.
 */
const SENTENCES = [
  "在内网环境中部署本地大模型，可以让敏感资料始终留在单位的服务器上",
  "检索增强生成把知识库中的段落作为上下文交给模型，回答因此有据可查",
  "写作流程被拆成调研、撰写和审校三个角色，每一步都可以由人来确认",
  "量化后的 GGUF 模型在普通笔记本上也能以每秒十几个词元的速度生成",
  "向量检索与全文检索结合之后，专有名词和语义相近的表述都能被召回",
  "编辑从事实、逻辑和语言三个角度打分，低于通过线的稿件会被退回修改",
  "对于弱网或断网的现场，离线工具意味着写作工作不再依赖外部服务",
  "每一次修改都会保存为新的版本，作者可以随时对比两稿之间的差异",
  "硬件选型时要同时考虑内存带宽和显存容量，它们决定了生成速度的上限",
  "引用编号在正文中以方括号标出，导出时会被替换为文末的参考文献列表",
];
const BOLD = ["数据不出内网", "可追溯的引用", "人机协同", "版本可回退", "离线可用"];
const CITATIONS = ["[m001]", "[m002]", ""];

/** `chars` characters (±1 sentence) of markdown for section `section`; the same inputs give the same text. */
export function chineseDraft(section: number, chars: number): string {
  const paragraphs: string[] = [];
  let total = 0;
  let n = section * 7;
  while (total < chars) {
    const sentences: string[] = [];
    // Paragraphs of 4–6 sentences, about 150–250 characters, like the writer's real output.
    for (let s = 0; s < 4 + (n % 3); s++, n++) {
      let sentence = SENTENCES[n % SENTENCES.length]!;
      if (n % 5 === 0) sentence = `**${BOLD[n % BOLD.length]!}**：${sentence}`;
      sentences.push(`${sentence}${CITATIONS[n % CITATIONS.length]!}。`);
    }
    const paragraph = n % 9 === 0 ? sentences.map((x) => `- ${x}`).join("\n") : sentences.join("");
    paragraphs.push(paragraph);
    total += paragraph.length + 2;
  }
  return paragraphs.join("\n\n");
}
