import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { ENHANCER_ENTRIES } from "./app/enhancers/entries.ts";
import { enhancers } from "./scripts/vite-enhancers.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), enhancers(ENHANCER_ENTRIES)],
  resolve: { tsconfigPaths: true },
});
