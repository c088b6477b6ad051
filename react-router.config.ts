import type { Config } from "@react-router/dev/config";
import { PRERENDERED_PATHS } from "./app/content/prerender";

export default {
  ssr: true,
  // BUILD_DIR lets parallel work build side by side; the server reads the same variable.
  buildDirectory: process.env.BUILD_DIR || "build",
  // Marketing pages are static HTML built once; portal and admin render per request.
  prerender: PRERENDERED_PATHS,
} satisfies Config;
