import { guideLibrary } from "./DocgenDeps.js";

/** The Engine's `docgen.*` methods: the style-guide library under `<dataDir>/guides`. */
export function docgenHandlers(dataDir: string) {
  const library = guideLibrary(dataDir);
  return {
    "docgen.listGuides": async () => ({ guides: await library.list() }),
    "docgen.importGuide": async (input: { name?: string | undefined; markdown?: string | undefined; path?: string | undefined }) => ({ guide: await library.import(input) }),
    "docgen.deleteGuide": async ({ id }: { id: string }) => {
      await library.delete(id);
      return { ok: true as const };
    },
  };
}
