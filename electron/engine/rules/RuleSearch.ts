/**
 * Search over the `rules` collection (hybrid vector + full-text, provided by the knowledge layer).
 * The repository calls it with the draft text and keeps only hits of the requested module.
 */
export interface RuleSearch {
  search(query: string, options: { moduleId: string; limit: number }): Promise<Array<{ ruleId: string; score: number }>> | Array<{ ruleId: string; score: number }>;
}
