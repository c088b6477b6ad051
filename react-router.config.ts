import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { PRERENDERED_PATHS } from "./app/content/prerender";
import { PGLITE_TEMPLATE_NAME, writePgliteTemplate } from "./scripts/pglite-template";

export default {
  ssr: true,
  // BUILD_DIR lets parallel work build side by side; the server reads the same variable.
  buildDirectory: process.env.BUILD_DIR || "build",
  // Marketing pages are static HTML built once; portal and admin render per request.
  prerender: PRERENDERED_PATHS,
  routeDiscovery: { mode: "initial" },
  // A ready-made PGlite cluster (schema, no data) for a first start on an empty folder (scripts/pglite-template.ts).
  buildEnd: async ({ reactRouterConfig }) => {
    const migrations = path.resolve(process.env.MIGRATIONS_DIR ?? "db/migrations");
    await writePgliteTemplate(path.join(reactRouterConfig.buildDirectory, PGLITE_TEMPLATE_NAME), migrations);
  },
} satisfies Config;
