import type { ReactNode } from "react";
import Markdown, { type Components } from "react-markdown";
import { NewTabLink } from "~/components/ui/new-tab-link";
import { safeHref } from "~/domain/links";

// The agreement as the client reads it, and as the admin's preview shows it: Markdown without raw HTML,
// links only where the app's safe-link rule allows (http, https, mailto), no images
// (docs/decisions/0047-coaching-agreement.md).

const components: Components = {
  a: ({ href, children }) => {
    const safe = href ? safeHref(href) : null;
    if (!safe) return <span>{children}</span>;
    return (
      <NewTabLink href={safe} rel="noopener noreferrer nofollow" className="underline underline-offset-2">
        {children}
      </NewTabLink>
    );
  },
};

type Level = 1 | 2 | 3 | 4 | 5 | 6;
const LEVELS = [1, 2, 3, 4, 5, 6] as const;

/** The Markdown's `#` drawn at `top`, `##` one below, and so on: the text sits under the page's own headings. */
function headingsFrom(top: Level): Components {
  return Object.fromEntries(
    LEVELS.map((level) => {
      const Tag = `h${Math.min(level + top - 1, 6)}` as `h${Level}`;
      const size = level === 1 ? "text-xl" : level === 2 ? "text-lg" : "";
      return [
        `h${level}`,
        ({ children }: { children?: ReactNode }) => <Tag className={`font-semibold ${size}`}>{children}</Tag>,
      ];
    }),
  );
}

/** URLs are judged by `safeHref` when drawn; here only a safe one is passed on at all. */
const urlTransform = (url: string) => safeHref(url) ?? "";

/** wrap-anywhere, not break-words: a long address then narrows the admin's grid columns too, on a phone. */
export function AgreementText({
  body,
  className = "",
  topLevel = 2,
}: {
  body: string;
  className?: string;
  /** The heading level of the Markdown's `#`: one below the heading the text sits under. */
  topLevel?: Level;
}) {
  return (
    <div
      className={`agreement-text max-w-prose space-y-3 wrap-anywhere text-sm leading-relaxed [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 ${className}`}
    >
      <Markdown
        skipHtml
        disallowedElements={["img"]}
        urlTransform={urlTransform}
        components={{ ...headingsFrom(topLevel), ...components }}
      >
        {body}
      </Markdown>
    </div>
  );
}
