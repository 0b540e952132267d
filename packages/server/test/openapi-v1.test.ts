/**
 * The OpenAPI 3.1 documents, checked by an independent validator (`@seriousme/openapi-schema-validator`,
 * the official JSON schemas of the specification): `/api/v1/openapi.json` — generated from the zod schemas
 * the routes validate with — and the whole app's `/api/docs/json`.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

const embedded = MODES[0]!;

describe('OpenAPI documents', () => {
  let internet: TestInternet;
  let stack: Stack;

  beforeAll(async () => {
    internet = await startTestInternet({ sites: 2 });
    stack = await startStack(embedded, { createEngine: internet.createEngine(), waitForEngine: false });
  });
  afterAll(async () => {
    await stack?.close();
    await internet?.close();
  });

  it('serves /api/v1/openapi.json without a key: valid OpenAPI 3.1, the v1 paths only, keys and webhooks described', async () => {
    const answer = await stack.app.inject({ url: '/api/v1/openapi.json' });
    expect(answer.statusCode).toBe(200);
    const doc = answer.json();
    // The validator does refuse a broken document (no `info`), so its yes below means something.
    expect((await new Validator().validate({ openapi: '3.1.0', paths: {} })).valid).toBe(false);
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/v1/email-searches',
      '/api/v1/email-searches/{id}',
      '/api/v1/email-searches/{id}/events',
      '/api/v1/plans',
      '/api/v1/searches',
      '/api/v1/searches/{id}',
      '/api/v1/searches/{id}/events',
      '/api/v1/searches/{id}/tree',
      '/api/v1/usage',
      '/api/v1/watch-settings',
      '/api/v1/watches',
      '/api/v1/watches/{id}',
      '/api/v1/watches/{id}/events',
      '/api/v1/watches/{id}/events/{eventId}',
      '/api/v1/watches/{id}/run',
    ]);
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['bearerKey', 'apiKeyHeader']);
    expect(Object.keys(doc.webhooks)).toEqual([
      'search.completed',
      'email_search.completed',
      'watch.event',
      'webhook.test',
    ]);
    // Watches (decision 157): the owner's routes with the same schemas as the web app's; no mail link, no admin.
    expect(Object.keys(doc.paths['/api/v1/watches/{id}']).sort()).toEqual(['delete', 'get', 'patch']);
    expect(doc.paths['/api/v1/watches'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['kind', 'target', 'purpose']),
    );
    // Generated from the schemas the server validates with: the username rule's limits, the wait bound.
    const start = doc.paths['/api/v1/searches'].post;
    expect(start.requestBody.content['application/json'].schema.required).toContain('username');
    expect(Object.keys(start.responses)).toEqual(expect.arrayContaining(['202', '401', '403', '429']));
    const wait = doc.paths['/api/v1/searches/{id}'].get.parameters.find((p: { name: string }) => p.name === 'wait');
    expect(wait.schema.pattern).toBe('^\\d{1,2}$');
    const idempotency = doc.paths['/api/v1/email-searches'].post.parameters.find(
      (p: { name: string }) => p.name === 'idempotency-key',
    );
    expect(idempotency).toMatchObject({ in: 'header' });
  });

  it('keeps the whole app’s document valid too', async () => {
    const doc = (await stack.app.inject({ url: '/api/docs/json' })).json();
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });
});
