declare module "virtual:react-router/server-build" {
  export const routes: import("react-router").ServerBuild["routes"];
}

declare module "virtual:enhancers" {
  const files: Record<string, { src: string; imports: string[] }>;
  export default files;
}
