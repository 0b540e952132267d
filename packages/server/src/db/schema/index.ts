export * from './favicons.ts';
export * from './search-results.ts';
export * from './searches.ts';
