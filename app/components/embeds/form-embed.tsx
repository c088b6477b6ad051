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
export function FormEmbed({
  heading,
  description,
  pageUrl,
  embedUrl,
  frameTitle,
  linkLabel = "Open the form",
  height = 560,
}: FormEmbedProps) {
  return (
    <LazyEmbed
      heading={heading}
      description={description}
      linkUrl={pageUrl}
      linkLabel={linkLabel}
      embedUrl={embedUrl}
      frameTitle={frameTitle}
      noun="form"
      height={height}
    />
  );
}
