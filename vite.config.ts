import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { ENHANCER_ENTRIES } from "./app/enhancers/entries.ts";
import { chunkGroups } from "./scripts/vite-chunks.ts";
import { enhancers } from "./scripts/vite-enhancers.ts";

const enhancerEntries = enhancers(ENHANCER_ENTRIES);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), enhancerEntries],
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: { codeSplitting: { groups: chunkGroups(enhancerEntries.api, import.meta.dirname) } },
        },
      },
    },
  },
  // Bundled into the server build: loaded from node_modules, Node parses drizzle-orm's 180 KB package.json
  // again for each of its hundred-odd files, half a second of every start (docs/decisions/0040-cold-start.md).
  ssr: { noExternal: ["drizzle-orm"] },
});
