#!/usr/bin/env node
// Launcher for `npx hound`: runs the TypeScript CLI through tsx's loader, in this process.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
