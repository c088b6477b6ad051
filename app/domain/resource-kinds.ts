// docs/decisions/0004-resource-kinds.md.
export const RESOURCE_KINDS = ["article", "video", "guide", "practice", "template", "tool"] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

export const RESOURCE_KIND_LABELS: Record<ResourceKind, string> = {
  article: "Article",
  video: "Video",
  guide: "Guide",
  practice: "Practice",
  template: "Template",
  tool: "Tool",
};

export function isResourceKind(value: unknown): value is ResourceKind {
  return typeof value === "string" && (RESOURCE_KINDS as readonly string[]).includes(value);
}
