export * from './admin.ts';
export * from './auth.ts';
export * from './billing.ts';
export * from './config.ts';
export * from './email.ts';
export * from './search.ts';
export * from './service.ts';
export * from './sites.ts';
