export { type AppDeps, type AppOptions, buildApp } from './app.ts';
export { type Background, startBackground } from './background.ts';
export { type EngineHost, startEngineHost } from './catalogues/engine-host.ts';
export { type DatabaseHandle, type DatabaseTarget, openDatabase } from './db/client.ts';
export { type Config, type Limits, readConfig } from './env.ts';
export { AppError, type ErrorCode } from './errors.ts';
export type { JobQueue, SearchJob } from './jobs/job-queue.ts';
export { createLogger } from './logger.ts';
export { appDeps, createServices, type Services, type ServicesOptions } from './services.ts';
