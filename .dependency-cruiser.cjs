// The import rules of the codebase (docs/ARCHITECTURE.md), checked by `npm run lint` and `npm test` (the `lint:imports` script).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "An import circle: modules that need each other can only be understood, changed and loaded together. " +
        "Move what both need into a module below them, or pass it in from the composition root.",
      from: {},
      to: { circular: true },
    },
    {
      name: "domain-is-pure",
      severity: "error",
      comment:
        "app/domain holds the coach's rules with no I/O: it imports nothing of routes, components or server code.",
      from: { path: "^app/domain/" },
      to: { path: "^app/(routes|components|server)/|^express-shell/" },
    },
    {
      name: "app-never-imports-the-shell",
      severity: "error",
      comment: "The Express shell wraps the built app; the app does not know it is there.",
      from: { path: "^app/" },
      to: { path: "^express-shell/" },
    },
    {
      name: "shell-runs-the-app-through-its-entry",
      severity: "error",
      comment:
        "At run time express-shell/ reaches the app only through the build's entry (app/entry.server.tsx), " +
        "and the validated config (app/server/env.server.ts), which it reads before loading the build " +
        "(the build folder, how many processes); type imports are fine.",
      from: { path: "^express-shell/" },
      to: {
        path: "^app/",
        pathNot: "^app/(entry\\.server\\.tsx|server/env\\.server\\.ts)$",
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "browser-code-never-imports-server-code",
      severity: "error",
      comment:
        "Shared code (app/lib, app/domain, app/content, app/components) also runs in the browser: " +
        "server-only modules stay in routes' loaders/actions and app/server.",
      from: { path: "^app/(lib|domain|content|components|enhancers)/" },
      to: { path: "^app/server/|\\.server\\.tsx?$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "enhancers-are-vanilla",
      severity: "error",
      comment:
        "The enhancers of HTML-first pages (docs/decisions/0030) exist so that public pages ship no React: " +
        "they import plain TypeScript (domain, content, lib, .ts helpers), never React, React Router or a component.",
      from: { path: "^app/enhancers/" },
      to: { path: "node_modules/(react|react-dom|react-router|@radix-ui)/|\\.tsx$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|build|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
