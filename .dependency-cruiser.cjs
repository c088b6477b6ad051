// The import rules of the codebase (docs/ARCHITECTURE.md), checked by `npm run lint` and `npm test` (the `lint:imports` script).

// Tests sit beside the code they try and may reach across layers (a server test rendering a component).
const notATest = "\\.test\\.tsx?$";

/**
 * One-way layers, highest first: a layer may import itself and any layer below it, never one above
 * (type-only imports included). `layer` is the path it covers, `except` what it keeps out of it.
 */
function layered(scope, layers) {
  return layers.slice(1).map((layer, index) => {
    const above = layers.slice(0, index + 1);
    return {
      name: `${scope}-${layer.name}-imports-nothing-above-it`,
      severity: "error",
      comment:
        `${layer.name} sits below ${above.map((l) => l.name).join(", ")} (docs/ARCHITECTURE.md, Layers): ` +
        "move what both need down, or the importing code up.",
      from: { path: layer.path, pathNot: [notATest, ...(layer.except ? [layer.except] : [])] },
      to: {
        path: above.map((l) => l.path).join("|"),
        pathNot: above.flatMap((l) => (l.except ? [l.except] : [])),
      },
    };
  });
}

// routes › components › server › enhancers › lib › content › domain. Enhancers and the server never meet
// (the enhancers are the public pages' browser code); both stand above lib.
const APP_LAYERS = [
  { name: "routes", path: "^app/routes/" },
  { name: "components", path: "^app/components/" },
  { name: "server", path: "^app/server/" },
  { name: "enhancers", path: "^app/enhancers/" },
  { name: "lib", path: "^app/lib/" },
  { name: "content", path: "^app/content/" },
  { name: "domain", path: "^app/domain/" },
];

// Inside app/server. At the top, what a request or the process enters through: entries/ (webhooks, file
// routes, live streams), the composition root, the backup command, the intent tables and the shared
// /pricing; then payments over the models; the models over auth (with the rate limits, which read the
// signed-in person), mail and the low-level folders; at the bottom the foundation (database, config,
// policy, schema, the live bus). The few top-level files above the foundation are named here.
const ENTRY_FILES = "(lifecycle|backup-command|backup-files|intents|shared-pricing)\\.server\\.ts$";
const AUTH_FILES = "rate-limit\\.server\\.ts$";
const SERVER_LAYERS = [
  { name: "entries", path: `^app/server/(entries/|${ENTRY_FILES})` },
  { name: "payments", path: "^app/server/payments/" },
  { name: "models", path: "^app/server/models/" },
  { name: "auth", path: `^app/server/(auth/|${AUTH_FILES})` },
  { name: "mail", path: "^app/server/mail/" },
  { name: "bookings-and-files", path: "^app/server/(bookings|files)/" },
  {
    name: "foundation",
    path: "^app/server/(live/|[^/]+$)",
    except: `^app/server/(${ENTRY_FILES}|${AUTH_FILES})`,
  },
];

module.exports = {
  forbidden: [
    ...layered("app", APP_LAYERS),
    ...layered("server", SERVER_LAYERS),
    {
      name: "nothing-imports-the-app-root",
      severity: "error",
      comment: "app/root.tsx, app/entry.server.tsx and app/routes.ts stand above every layer.",
      from: { path: "^app/.+/" },
      to: { path: "^app/[^/]+\\.tsx?$" },
    },
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
