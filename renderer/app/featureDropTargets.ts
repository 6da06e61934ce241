import { listFeatures } from "../features/registry.js";
import type { DropTarget } from "../features/FeatureEntry.js";

/** The kinds the features import (the paper library's PDFs …), from the registry. */
export const featureDropTargets = (): DropTarget[] => listFeatures().flatMap((f) => f.dropTargets ?? []);
