import files from "virtual:enhancers";
import type { EnhancerName } from "~/enhancers/entries";

/** Pre-rendered pages get no nonce: the policy allows them by 'self'. */
export function EnhancerScripts({ names, nonce }: { names: readonly EnhancerName[]; nonce?: string }) {
  const scripts = names.flatMap((name) => files[name] ?? []);
  const preloads = [...new Set(scripts.flatMap((script) => script.imports))];
  return (
    <>
      {preloads.map((href) => (
        <link key={href} rel="modulepreload" href={href} nonce={nonce} data-enhancer="" />
      ))}
      {scripts.map((script) => (
        <script key={script.src} type="module" src={script.src} nonce={nonce} />
      ))}
    </>
  );
}
