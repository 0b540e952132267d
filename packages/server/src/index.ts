export { buildApp } from './app.ts';
export type { AppDeps, AppOptions } from './app-deps.ts';
export { type Background, startBackground } from './background.ts';
export { type EngineHost, startEngineHost } from './catalogues/engine-host.ts';
export { type DatabaseHandle, type DatabaseTarget, openDatabase } from './db/client.ts';
export { apiKeys, users } from './db/schema/index.ts';
export { type Config, type Limits, readConfig } from './env.ts';
export { AppError, type ErrorCode } from './errors.ts';
export { createMemorySearchBus } from './events/memory-search-bus.ts';
// The API key machinery, for bench:api's measure of what authenticating a key costs (decision 143).
export { createKeyAuthenticator, KEY_CACHE_MS } from './features/api-keys/authenticate-key.ts';
export { newApiKey, newKeyId } from './features/api-keys/key-format.ts';
export { keyHasher } from './features/api-keys/key-hash.ts';
export { createUsageCounter } from './features/api-keys/usage-counter.ts';
export { codeKeyLoader } from './features/auth/code-key.ts';
export type { JobQueue, SearchJob } from './jobs/job-queue.ts';
export { createMemoryApiRateLimiter } from './limits/api-rate-limiter.ts';
export { createLogger } from './logger.ts';
export { appDeps, createServices, type Services, type ServicesOptions } from './services.ts';
