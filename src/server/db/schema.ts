// The database schema, one file a area under schema/. drizzle-kit generates the SQL migrations in
// /drizzle from this file (drizzle.config.ts); every module imports the tables from here.
export * from './schema/alerts.ts';
export * from './schema/journal.ts';
export * from './schema/market.ts';
export * from './schema/traders.ts';
export * from './schema/trades.ts';
