import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleLicenses } from './build/bundle-licenses.ts';
import { initialSizeBudget } from './build/initial-size.ts';

// The API is served from the same origin in production; in `npm run dev` Vite proxies it to the server.
const apiTarget = process.env.HOUND_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), bundleLicenses(), initialSizeBudget(150)],
  server: { proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  build: { sourcemap: false, reportCompressedSize: false },
});
