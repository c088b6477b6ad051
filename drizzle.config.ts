import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema and committed; the app applies them at start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/server/schema.ts",
  out: "./db/migrations",
});
