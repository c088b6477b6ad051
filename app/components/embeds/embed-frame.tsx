import type { ReactNode } from "react";

// The contract between an embed's markup and app/enhancers/embed.ts (docs/decisions/0019, 0030): the
// element with `data-embed` is where the iframe goes once it comes within `margin` of the screen; the
// enhancer writes the embed's state on the `group/embed` card as `data-embed-status` (idle, loading,
// ready, failed), and the card's classes show what fits each state. Without JavaScript it stays idle.

export type EmbedStatus = "idle" | "loading" | "ready" | "failed";

/** Classes that show an element only in one state of the card around it. */
export const SHOWN_WHEN: Record<EmbedStatus, string> = {
  idle: "hidden group-data-[embed-status=idle]/embed:block",
  loading: "hidden group-data-[embed-status=loading]/embed:block",
  ready: "hidden group-data-[embed-status=ready]/embed:block",
  failed: "hidden group-data-[embed-status=failed]/embed:block",
};

/** Hidden once the embed has loaded. */
export const UNTIL_READY = "group-data-[embed-status=ready]/embed:hidden";

export function EmbedArea({
  src,
  title,
  timeoutMs,
  margin,
  frameClass,
  sandbox,
  className,
  style,
  children,
}: {
  src: string;
  /** The iframe's accessible name. */
  title: string;
  /** How long it may take before the card says so (a late load still shows). */
  timeoutMs: number;
  /** How near the screen it starts loading (an IntersectionObserver root margin). */
  margin: string;
  /** The iframe's classes (hide it until the card is `ready`). */
  frameClass: string;
  sandbox?: string;
  className: string;
  style?: React.CSSProperties;
  children: ReactNode;
}) {
  return (
    <div
      className={className}
      style={style}
      data-embed=""
      data-embed-src={src}
      data-embed-title={title}
      data-embed-timeout={timeoutMs}
      data-embed-margin={margin}
      data-embed-frame-class={frameClass}
      data-embed-sandbox={sandbox}
    >
      {children}
    </div>
  );
}
