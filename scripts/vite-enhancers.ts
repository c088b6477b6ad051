// Each enhancer is its own client-build entry, so a page loads only those it names
// (docs/decisions/0030-html-first-pages.md); the server learns their files through `virtual:enhancers`.
import path from "node:path";
import type { Plugin, Rollup } from "vite";

const VIRTUAL_ID = "virtual:enhancers";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

export type EnhancerFiles = { src: string; imports: string[] };

function staticImports(bundle: Rollup.OutputBundle, fileName: string, seen = new Set<string>()): string[] {
  const chunk = bundle[fileName];
  if (chunk?.type !== "chunk") return [];
  for (const imported of chunk.imports) {
    if (seen.has(imported)) continue;
    seen.add(imported);
    staticImports(bundle, imported, seen);
  }
  return [...seen];
}

/**
 * What the client build's chunking (scripts/vite-chunks.ts) reads, filled once the module graph is known: the
 * enhancers that load each module, and the graph's static imports.
 */
export type EnhancersApi = {
  loadedBy: Map<string, string[]>;
  imports: (id: string) => readonly string[];
  importers: (id: string) => readonly string[];
};

export function enhancers(
  entries: Readonly<Record<string, string>>,
): Plugin<EnhancersApi> & { api: EnhancersApi } {
  const loadedBy = new Map<string, string[]>();
  let info: (id: string) => Rollup.ModuleInfo | null = () => null;
  let command: "build" | "serve" = "build";
  let base = "/";
  let root = process.cwd();
  const references = new Map<string, string>();
  const built: Record<string, EnhancerFiles> = {};
  return {
    name: "enhancers",
    api: {
      loadedBy,
      imports: (id) => info(id)?.importedIds ?? [],
      importers: (id) => info(id)?.importers ?? [],
    },
    configResolved(config) {
      command = config.command;
      base = config.base;
      root = config.root;
    },
    buildStart() {
      if (command !== "build" || this.environment.name !== "client") return;
      for (const [name, file] of Object.entries(entries)) {
        const reference = this.emitFile({
          type: "chunk",
          id: path.resolve(root, file),
          name: `enhance-${name}`,
        });
        references.set(name, reference);
      }
    },
    buildEnd() {
      if (command !== "build" || this.environment.name !== "client") return;
      info = (id) => this.getModuleInfo(id);
      for (const [name, file] of Object.entries(entries)) {
        const pending = [path.resolve(root, file)];
        for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
          const by = loadedBy.get(id) ?? [];
          if (by.includes(name)) continue;
          loadedBy.set(id, [...by, name]);
          pending.push(...(info(id)?.importedIds ?? []), ...(info(id)?.dynamicallyImportedIds ?? []));
        }
      }
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      for (const [name, reference] of references) {
        const fileName = this.getFileName(reference);
        built[name] = {
          src: `${base}${fileName}`,
          imports: staticImports(bundle, fileName).map((file) => `${base}${file}`),
        };
      }
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return;
      // The client environment is built first (React Router's buildApp).
      const files =
        command === "serve"
          ? Object.fromEntries(
              Object.entries(entries).map(([name, file]) => [name, { src: `${base}${file}`, imports: [] }]),
            )
          : built;
      return `export default ${JSON.stringify(files)};`;
    },
  };
}
