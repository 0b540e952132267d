/**
 * For the server: where the built web app lives (`npm run build -w @hound/web` writes it). Serve its
 * files, and index.html for any other non-API GET path (history fallback).
 */
export const webDistUrl: URL = new URL('../dist/', import.meta.url);
