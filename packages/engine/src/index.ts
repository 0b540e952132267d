export type * from './model.ts';
