import Markdown, { type Components } from "react-markdown";
import { safeHref } from "~/domain/links";

// The agreement as the client reads it, and as the admin's preview shows it: Markdown without raw HTML,
// links only where the app's safe-link rule allows (http, https, mailto), no images
// (docs/decisions/0047-coaching-agreement.md).

const components: Components = {
  a: ({ href, children }) => {
    const safe = href ? safeHref(href) : null;
    if (!safe) return <span>{children}</span>;
    return (
      <a
        href={safe}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="underline underline-offset-2"
      >
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  },
};

/** URLs are judged by `safeHref` when drawn; here only a safe one is passed on at all. */
const urlTransform = (url: string) => safeHref(url) ?? "";

/** wrap-anywhere, not break-words: a long address then narrows the admin's grid columns too, on a phone. */
export function AgreementText({ body, className = "" }: { body: string; className?: string }) {
  return (
    <div
      className={`agreement-text max-w-prose space-y-3 wrap-anywhere text-sm leading-relaxed [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 ${className}`}
    >
      <Markdown skipHtml disallowedElements={["img"]} urlTransform={urlTransform} components={components}>
        {body}
      </Markdown>
    </div>
  );
}
