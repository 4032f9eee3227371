/**
 * The database's tables (Drizzle), one file per area. Code imports them from here (`db/schema`);
 * drizzle-kit reads this file (drizzle.config.ts) to generate the migrations.
 */
export * from './accounts';
export * from './quizzes';
export * from './attempts';
export * from './payments';
export * from './review';
export * from './analytics';
export * from './app-meta';
export * from './engagement';
export * from './practice';
export * from './challenges';
