// The server build React Router's Vite plugin provides (app/server/auth/built-routes.server.ts).
declare module "virtual:react-router/server-build" {
  export const routes: import("react-router").ServerBuild["routes"];
}
