import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from './env.ts';
import { isAppError } from './errors.ts';

const base = '/srv/hound';

function configError(env: Record<string, string>): string {
  try {
    readConfig(env, base);
  } catch (error) {
    if (isAppError(error, 'CONFIG_INVALID')) return error.message;
    throw error;
  }
  throw new Error('expected a configuration error');
}

describe('readConfig', () => {
  it('works with no settings at all, on embedded defaults', () => {
    const config = readConfig({}, base);
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.join(base, '.data'),
      redisPrefix: 'hound',
      logLevel: 'info',
      trustProxy: false,
      limits: { activeGlobal: 100, activePerIp: 3, activePerDevice: 2, dailyPerIp: 300, dailyPerDevice: 100 },
      retentionDays: 30,
      runSearches: true,
      healthCheckIntervalHours: 24,
      catalogueRefreshHours: 24,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.catalogues).toBeUndefined();
  });

  it('runs every admitted search at once in one process, 25 per worker with Redis, or WORKER_CONCURRENCY', () => {
    expect(readConfig({}, base).workerConcurrency).toBe(100);
    expect(readConfig({ LIMIT_ACTIVE_GLOBAL: '40' }, base).workerConcurrency).toBe(40);
    expect(readConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }, base).workerConcurrency).toBe(25);
    expect(readConfig({ WORKER_CONCURRENCY: '7', REDIS_URL: 'redis://127.0.0.1:6379' }, base).workerConcurrency).toBe(
      7,
    );
    expect(configError({ WORKER_CONCURRENCY: '0' })).toContain('WORKER_CONCURRENCY');
  });

  it('treats empty values as unset and resolves relative paths against the start directory', () => {
    const config = readConfig(
      {
        PORT: '',
        DATA_DIR: 'var/data',
        HOUND_CATALOGUES: 'a.json, https://example.test/b.json ,',
        HOUND_CA_FILE: 'ca.pem',
      },
      base,
    );
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('/srv/hound/var/data');
    expect(config.catalogues).toEqual(['/srv/hound/a.json', 'https://example.test/b.json']);
    expect(config.caFile).toBe('/srv/hound/ca.pem');
  });

  it('reads the credit pack and the email-search cap (issue 38): packs are optional, both bounded', () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_12345678',
      STRIPE_WEBHOOK_SECRET: 'whsec_12345678',
      STRIPE_PRICE_MONTHLY: 'price_m',
      STRIPE_PRICE_TRIAL_FEE: 'price_t',
      STRIPE_PRICE_PLUS_MONTHLY: 'price_p',
    };
    const plain = readConfig(stripe, base);
    expect(plain.billing.stripe?.prices.credits).toBeUndefined();
    expect(plain.billing.packCredits).toBe(10);
    expect(plain.email.activePerAccount).toBe(3);
    const packs = readConfig(
      { ...stripe, STRIPE_PRICE_CREDITS: 'price_c', CREDIT_PACK_CREDITS: '25', LIMIT_EMAIL_ACTIVE_PER_ACCOUNT: '5' },
      base,
    );
    expect(packs.billing.stripe?.prices.credits).toBe('price_c');
    expect(packs.billing.packCredits).toBe(25);
    expect(packs.email.activePerAccount).toBe(5);
    const message = configError({ CREDIT_PACK_CREDITS: '0', LIMIT_EMAIL_ACTIVE_PER_ACCOUNT: '-1' });
    expect(message).toContain('CREDIT_PACK_CREDITS');
    expect(message).toContain('LIMIT_EMAIL_ACTIVE_PER_ACCOUNT');
  });

  it('names every bad variable and never echoes a value', () => {
    const message = configError({ PORT: 'eighty', DATABASE_URL: 'mysql://root:secret@db/x', TRUST_PROXY: 'yes' });
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('TRUST_PROXY');
    expect(message).not.toContain('secret');
  });

  it('reads the operator settings shown by the web app, checking SPONSORED entries', () => {
    const sponsored = [{ id: 'a', title: 'A', url: 'https://a.example/', description: 'x' }];
    expect(readConfig({ SPONSORED: JSON.stringify(sponsored), BRAND_NAME: 'Acme' }, base).site).toEqual({
      brandName: 'Acme',
      sponsored,
    });
    expect(configError({ SPONSORED: 'not json' })).toContain('SPONSORED');
    expect(configError({ SPONSORED: JSON.stringify([{ id: 'a', title: 'A', url: 'javascript:alert(1)' }]) })).toContain(
      'SPONSORED',
    );
    expect(configError({ CONTACT_EMAIL: 'nobody' })).toContain('CONTACT_EMAIL');
  });

  it('reads TRUST_PROXY as a hop count or the proxies’ addresses, and refuses true (it would believe any client)', () => {
    expect(readConfig({ TRUST_PROXY: 'false' }, base).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '0' }, base).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '2' }, base).trustProxy).toBe(2);
    expect(readConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,2001:db8::/32,loopback' }, base).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '2001:db8::/32',
      'loopback',
    ]);
    expect(configError({ TRUST_PROXY: 'true' })).toMatch(/TRUST_PROXY: true would believe/);
    for (const bad of ['yes', '10.0.0.0/33', 'proxy.example', '1.2.3.4/8/1', ','])
      expect(configError({ TRUST_PROXY: bad }), bad).toContain('TRUST_PROXY');
  });

  it('refuses RUN_SEARCHES=false without Redis: nothing else could run the searches', () => {
    expect(configError({ RUN_SEARCHES: 'false' })).toContain('RUN_SEARCHES');
    expect(readConfig({ RUN_SEARCHES: 'false', REDIS_URL: 'redis://127.0.0.1:6379' }, base).runSearches).toBe(false);
  });
});
