import { NewTabLink } from "~/components/ui/new-tab-link";
import { type Link as LinkRow, linkLabel, safeHref } from "~/domain/links";

// Only http(s) and mailto become links; anything else (a javascript: URL) is plain text.
export function SafeLink({ link, className = "" }: { link: LinkRow; className?: string }) {
  const href = safeHref(link.url);
  const label = linkLabel(link);
  if (!href) return <span className={className}>{label}</span>;
  return (
    <NewTabLink href={href} className={`underline underline-offset-2 ${className}`}>
      {label}
    </NewTabLink>
  );
}

export function LinkList({ links, className = "" }: { links: readonly LinkRow[]; className?: string }) {
  if (links.length === 0) return null;
  return (
    <ul className={`flex flex-wrap gap-x-4 gap-y-1 text-sm ${className}`}>
      {links.map((link, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a stored list that never reorders; the same link may repeat
        <li key={`${link.url}-${i}`}>
          <SafeLink link={link} />
        </li>
      ))}
    </ul>
  );
}
