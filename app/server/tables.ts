// Every table of the database, for what walks them all: the backup (backup.server.ts), the database's
// relational schema (db.server.ts) and the tests that compare the schema with the migrated database.
// drizzle.config.ts lists the same files.
export * from "./schema";
export * from "./schema-job-search";
export * from "./schema-practice";
