import type { Config } from "@react-router/dev/config";
import { PRERENDERED_PATHS } from "./app/content/prerender";

export default {
  ssr: true,
  // Marketing pages are static HTML built once; portal and admin render per request.
  prerender: PRERENDERED_PATHS,
} satisfies Config;
