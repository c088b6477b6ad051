// The server build React Router's Vite plugin provides (app/server/auth/built-routes.server.ts).
declare module "virtual:react-router/server-build" {
  export const routes: import("react-router").ServerBuild["routes"];
}

// The built files of each enhancer of HTML-first pages (scripts/vite-enhancers.ts).
declare module "virtual:enhancers" {
  const files: Record<string, { src: string; imports: string[] }>;
  export default files;
}
