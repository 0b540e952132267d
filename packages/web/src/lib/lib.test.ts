import { describe, expect, it, vi } from 'vitest';
import { getDeviceId } from './device-id.ts';
import { isExtensionError } from './extension-errors.ts';
import { fill, plural } from './format.ts';
import { browserStore, STORAGE_KEYS } from './storage.ts';

describe('device id', () => {
  it('creates a random device_… id once and keeps it under deviceId', () => {
    const store = browserStore();
    const id = getDeviceId(store);
    expect(id).toMatch(/^device_[0-9a-f]{32}$/);
    expect(store.getItem(STORAGE_KEYS.deviceId)).toBe(id);
    expect(getDeviceId(store)).toBe(id);
  });

  it('replaces a malformed stored id', () => {
    const store = browserStore();
    store.setItem(STORAGE_KEYS.deviceId, 'hello');
    const id = getDeviceId(store, () => new Uint8Array(16).fill(171));
    expect(id).toBe(`device_${'ab'.repeat(16)}`);
  });
});

describe('extension errors', () => {
  it('recognises extension stacks and messages', () => {
    const fromExtension = new Error('x');
    fromExtension.stack = 'Error: x\n    at chrome-extension://abcdef/content.js:1:1';
    expect(isExtensionError(fromExtension)).toBe(true);
    expect(isExtensionError(new Error('Attempting to use a disconnected port object'))).toBe(true);
    expect(isExtensionError(new Error('Extension context invalidated.'))).toBe(true);
    const moz = new Error('y');
    moz.stack = 'y@moz-extension://1234/inject.js:2:3';
    expect(isExtensionError(moz)).toBe(true);
    expect(isExtensionError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isExtensionError(null)).toBe(false);
  });

  it('the window filter swallows extension errors with a warning', async () => {
    const { installExtensionErrorFilter } = await import('./extension-errors.ts');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const remove = installExtensionErrorFilter(window);
    const event = new ErrorEvent('error', { error: new Error('Extension context invalidated.'), cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(warn).toHaveBeenCalledOnce();
    const ours = new ErrorEvent('error', { error: new Error('ours'), cancelable: true });
    window.dispatchEvent(ours);
    expect(ours.defaultPrevented).toBe(false);
    remove();
    warn.mockRestore();
  });
});

describe('format', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(fill('Results for "{username}"', { username: 'alice' })).toBe('Results for "alice"');
    expect(fill('{a} {b}', { a: 1 })).toBe('1 {b}');
  });

  it('picks plural forms by locale', () => {
    const forms = { one: '{count} result', other: '{count} results' };
    expect(plural(forms, 1, 'en-GB')).toBe('1 result');
    expect(plural(forms, 1200, 'en-GB')).toBe('1,200 results');
  });
});
