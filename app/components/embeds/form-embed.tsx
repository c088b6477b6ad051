import { LazyEmbed } from "./lazy-embed";

export type FormEmbedProps = {
  heading: string;
  description: string;
  /** The form's own page, opened in a new tab (and the fallback when the embed cannot load). */
  pageUrl: string;
  /** The provider's embeddable address of the same form. */
  embedUrl: string;
  /** Accessible name of the embedded form, e.g. "Contact form". */
  frameTitle: string;
  linkLabel?: string;
  height?: number;
};

/** An external form (SPEC §7 "form embed"), loaded lazily with a link that always works. */
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
