// The client build's chunks (docs/decisions/0042-hydrate-on-intent.md, amendment 2026-11-28). A sleeping page
// fetches React and its route's modules when a person acts, over HTTP/1.1: six files at a time and a round trip
// each (150 ms on a phone), so fewer, larger files; the public pages' enhancers still load only their own code.
import path from "node:path";
import type { Rolldown } from "vite";
import type { EnhancersApi } from "./vite-enhancers.ts";

/** React, React DOM and React Router: on every hydrated page, never in an enhancer. */
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;

export function chunkGroups(enhancers: EnhancersApi, root: string): Rolldown.CodeSplittingGroup[] {
  const app = path.join(root, "app") + path.sep;
  const routes = path.join(app, "routes") + path.sep;
  const { loadedBy, imports, importers } = enhancers;
  const plain = new Map<string, boolean>();
  /** Our code importing only our code and React: the app chunk takes a module's imports along (rolldown's default). */
  const ours = (id: string): boolean => {
    const known = plain.get(id);
    if (known !== undefined) return known;
    plain.set(id, true);
    const answer = REACT.test(id) || (id.startsWith(app) && imports(id).every(ours));
    plain.set(id, answer);
    return answer;
  };
  return [
    { name: "react", test: REACT, priority: 3 },
    // A module both an enhancer and the app load: one chunk per set of enhancers loading it, taken before the
    // app chunk can take it along, so a public page never loads app code.
    {
      name: (id) => `enhancer-${loadedBy.get(id)?.join("-")}`,
      test: (id) => loadedBy.has(id) && importers(id).some((importer) => !loadedBy.has(importer)),
      priority: 2,
    },
    // Our shared code (used by two routes or more; zod and other packages stay in their own chunks).
    {
      name: "app",
      test: (id) => id.startsWith(app) && !id.startsWith(routes) && !loadedBy.has(id) && ours(id),
      minShareCount: 2,
      priority: 1,
    },
  ];
}
