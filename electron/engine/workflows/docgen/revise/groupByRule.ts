/** The rule id at the start of a review comment, e.g. `【2.1】第 3 行…` or `2.1 …`. */
export const RULE_ID_AT_START = /^\s*【?\s*(\d+\.\d+)/;

/** Review comments grouped by rule id (in first-seen order); comments without an id go under `other`. */
export function groupByRule(comments: readonly string[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const c of comments) {
    const id = RULE_ID_AT_START.exec(c)?.[1] ?? "other";
    const list = groups.get(id) ?? [];
    list.push(c);
    groups.set(id, list);
  }
  return groups;
}
