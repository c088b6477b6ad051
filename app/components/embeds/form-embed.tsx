import { LazyEmbed } from "./lazy-embed";

export type FormEmbedProps = {
  heading: string;
  description: string;
  pageUrl: string;
  embedUrl: string;
  frameTitle: string;
  linkLabel?: string;
  height?: number;
};

/** docs/product/integrations.md, Outside the site; the link always works. */
export function FormEmbed({ pageUrl, linkLabel = "Open the form", height = 560, ...frame }: FormEmbedProps) {
  return <LazyEmbed {...frame} linkUrl={pageUrl} linkLabel={linkLabel} noun="form" height={height} />;
}
