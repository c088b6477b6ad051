import files from "virtual:enhancers";
import type { EnhancerName } from "~/enhancers/entries";

/**
 * The module scripts of an HTML-first page's enhancers (docs/decisions/0030-html-first-pages.md), each
 * with what it imports preloaded, and this response's CSP nonce (none on pre-rendered pages, which the
 * policy allows by 'self').
 */
export function EnhancerScripts({ names, nonce }: { names: readonly EnhancerName[]; nonce?: string }) {
  const scripts = names.flatMap((name) => files[name] ?? []);
  const preloads = [...new Set(scripts.flatMap((script) => script.imports))];
  return (
    <>
      {preloads.map((href) => (
        <link key={href} rel="modulepreload" href={href} nonce={nonce} />
      ))}
      {scripts.map((script) => (
        <script key={script.src} type="module" src={script.src} nonce={nonce} />
      ))}
    </>
  );
}
