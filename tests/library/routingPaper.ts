import fs from "node:fs";
import path from "node:path";
import type { AppEngine } from "../../electron/engine/createAppEngine.js";

/**
 * Writes the library tests' one paper (Sparse Routing Transformers, about alpha routing and beta
 * experts) into `dir`, imports it and sets its metadata with a DOI; returns its doc_id.
 */
export async function importRoutingPaper(engine: AppEngine, dir: string): Promise<string> {
  const paper = path.join(dir, "sparse-routing.md");
  fs.writeFileSync(
    paper,
    "# Sparse Routing Transformers\n\n## Abstract\n\nWe route alpha tokens to beta experts. Alpha routing halves the cost of beta layers.\n\n" +
      "## Method\n\nEach alpha token picks two beta experts; the alpha gate is trained with the beta loss.\n",
  );
  const docId = (await engine.call("paper.import", { paths: [paper] })).papers[0]!.doc_id;
  await engine.call("paper.setMetadata", {
    doc_id: docId,
    title: "Sparse Routing Transformers",
    authors: ["John Smith", "Wei Li"],
    year: 2021,
    venue: "Journal of Efficient Models",
    doi: "10.1234/jem.2021.042",
  });
  return docId;
}
