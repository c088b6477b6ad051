import type { ReactNode } from "react";

// The contract with app/enhancers/embed.ts (docs/decisions/0030-html-first-pages.md): the enhancer writes
// `data-embed-status` on the card, and these classes show what fits each state.

export type EmbedStatus = "idle" | "loading" | "ready" | "failed";

export const SHOWN_WHEN: Record<EmbedStatus, string> = {
  idle: "hidden group-data-[embed-status=idle]/embed:block",
  loading: "hidden group-data-[embed-status=loading]/embed:block",
  ready: "hidden group-data-[embed-status=ready]/embed:block",
  failed: "hidden group-data-[embed-status=failed]/embed:block",
};

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
  title: string;
  /** A late load still shows. */
  timeoutMs: number;
  margin: string;
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
