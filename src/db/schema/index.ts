// The schema drizzle-kit reads and the database client is typed with.
export * from './users';
export * from './categories';
export * from './listings';
export * from './reviews';
export * from './messages';
export * from './seo';
export * from './audit';
export * from './images';
export * from './limits';
export * from './search-words';
export * from './jobs';
export * from './daily-figures';
export * from './partner-programmes';
export * from './site-settings';
export * from './alerts';
