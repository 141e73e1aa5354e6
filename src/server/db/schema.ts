// The database schema, in two files under schema/: the journal, and what the server keeps beside
// it. drizzle-kit generates the SQL migrations in /drizzle from this file (drizzle.config.ts);
// every module imports the tables from here.
export * from './schema/journal.ts';
export * from './schema/serverOwn.ts';
