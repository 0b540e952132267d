import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'guard', include: ['*.test.ts'] } });
