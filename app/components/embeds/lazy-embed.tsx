import { EmbedArea, SHOWN_WHEN, UNTIL_READY } from "./embed-frame";

/** How long an embed may take before we tell the visitor to use the link instead. */
const LOAD_TIMEOUT_MS = 8000;

export type LazyEmbedProps = {
  /** Heading of the card (level 3: the embeds sit inside a section with its own h2). */
  heading: string;
  description: string;
  /** The provider's own page: opened in a new tab, and the whole card's fallback. */
  linkUrl: string;
  linkLabel: string;
  /** What the iframe loads. */
  embedUrl: string;
  /** The iframe's accessible name. */
  frameTitle: string;
  /** What is embedded, in words for the status lines ("calendar", "form"). */
  noun: string;
  /** Height of the embed area in pixels, reserved up front so nothing jumps when it loads. */
  height: number;
};

/**
 * A card with a plain link that works without JavaScript and offline; app/enhancers/embed.ts loads the
 * provider's page in an iframe once the card comes near the viewport. Offline, or when nothing loads
 * within a few seconds, a polite note and 'Try again' stand in for the iframe; the link always stays.
 */
export function LazyEmbed({
  heading,
  description,
  linkUrl,
  linkLabel,
  embedUrl,
  frameTitle,
  noun,
  height,
}: LazyEmbedProps) {
  return (
    <div
      className="group/embed flex flex-col rounded-2xl border border-border bg-card p-5 text-card-foreground sm:p-6"
      data-embed-status="idle"
    >
      <h3 className="text-xl font-semibold">{heading}</h3>
      <p className="mt-2 text-muted-foreground">{description}</p>
      <p className="mt-4">
        <a
          href={linkUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-2 rounded-md bg-primary px-4 py-2 font-semibold text-primary-foreground hover:opacity-90"
        >
          {linkLabel}
          <span aria-hidden="true">↗</span>
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
      <EmbedArea
        src={embedUrl}
        title={frameTitle}
        timeoutMs={LOAD_TIMEOUT_MS}
        margin="300px 0px"
        // Hidden (and out of the tab order) until it has loaded.
        frameClass="invisible absolute inset-0 h-full w-full border-0 group-data-[embed-status=ready]/embed:visible"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
        className="relative mt-5 overflow-hidden rounded-xl border border-dashed border-border bg-background"
        style={{ height }}
      >
        <div
          className={`absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center text-sm text-muted-foreground ${UNTIL_READY}`}
        >
          <div role="status" className="max-w-sm">
            <p className={SHOWN_WHEN.idle}>
              The {noun} appears here as you scroll to it.
              <noscript> With JavaScript off, please use the link above.</noscript>
            </p>
            <p className={SHOWN_WHEN.loading}>Loading the {noun}…</p>
            <p className={SHOWN_WHEN.failed}>
              Sorry, the {noun} couldn’t load here. You may be offline, or a browser extension may have
              blocked it. The link above still works and opens it in a new tab.
            </p>
          </div>
          <button
            type="button"
            className={`rounded-md border border-border px-3 py-1.5 font-medium text-foreground hover:bg-muted ${SHOWN_WHEN.failed}`}
            data-embed-retry=""
          >
            Try again
          </button>
        </div>
      </EmbedArea>
    </div>
  );
}
