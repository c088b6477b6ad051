import { Button, ButtonAnchor } from "~/components/ui/button";
import { NEW_TAB, NewTabNote } from "~/components/ui/new-tab-link";
import { EmbedArea, SHOWN_WHEN, UNTIL_READY } from "./embed-frame";

const LOAD_TIMEOUT_MS = 8000;

export type LazyEmbedProps = {
  /** Level 3: the embeds sit inside a section with its own h2. */
  heading: string;
  description: string;
  linkUrl: string;
  linkLabel: string;
  embedUrl: string;
  frameTitle: string;
  noun: string;
  /** Reserved up front so nothing jumps when it loads. */
  height: number;
};

/** A plain link that works without JavaScript; app/enhancers/embed.ts adds the iframe near the viewport. */
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
        <ButtonAnchor href={linkUrl} {...NEW_TAB} size="body">
          {/* Text, not a flex box: wrapped on a phone, the label stays centred with the arrow after its
              last word, not pinned to the far edge. */}
          {linkLabel}
          <span aria-hidden="true" className="ml-2">
            ↗
          </span>
          <NewTabNote />
        </ButtonAnchor>
      </p>
      <EmbedArea
        src={embedUrl}
        title={frameTitle}
        timeoutMs={LOAD_TIMEOUT_MS}
        margin="300px 0px"
        frameClass="invisible absolute inset-0 h-full w-full border-0 group-data-[embed-status=ready]/embed:visible"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
        // Grows with a stretched card, so two embeds side by side end level (app/routes/marketing/home.tsx).
        className="relative mt-5 flex-1 overflow-hidden rounded-xl border border-dashed border-border bg-background"
        style={{ minHeight: height }}
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
          <Button
            type="button"
            variant="outline"
            size="sm"
            className={`text-foreground ${SHOWN_WHEN.failed}`}
            data-embed-retry=""
          >
            Try again
          </Button>
        </div>
      </EmbedArea>
    </div>
  );
}
