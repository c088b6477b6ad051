// docs/decisions/0004-resource-kinds.md.
import { keysOf, oneOf } from "./enums";

export const RESOURCE_KIND_LABELS = {
  article: "Article",
  video: "Video",
  guide: "Guide",
  practice: "Practice",
  template: "Template",
  tool: "Tool",
};
export const RESOURCE_KINDS = keysOf(RESOURCE_KIND_LABELS);
export type ResourceKind = (typeof RESOURCE_KINDS)[number];
export const isResourceKind = oneOf(RESOURCE_KINDS);
