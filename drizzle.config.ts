import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema and committed; the app applies them at start. The job search has
// its own schema file (docs/decisions/0053-job-search.md).
export default defineConfig({
  dialect: "postgresql",
  schema: ["./app/server/schema.ts", "./app/server/schema-job-search.ts", "./app/server/schema-practice.ts"],
  out: "./db/migrations",
});
