import { describe, expect, it } from 'vitest';
import { defaultSiteConfig, toSiteConfig } from './site-config.ts';

describe('site config', () => {
  it('defaults: brand Hound, 30 days retention, no sponsored entries', () => {
    expect(toSiteConfig(null)).toEqual(defaultSiteConfig);
    expect(defaultSiteConfig).toMatchObject({ brand: 'Hound', retentionDays: 30, sponsored: [] });
  });

  it('reads the operator settings', () => {
    const config = toSiteConfig({
      brand_name: 'Tracker',
      retention_days: 14,
      site_count: 2500,
      contact_email: 'help@example.org',
      community_url: 'https://chat.example.org',
      sponsored: [
        { id: '1', title: 'One', description: 'First', url: 'https://one.example' },
        { id: '2', title: 'Two', url: 'https://two.example' },
        { id: '3', title: 'Three', url: 'https://three.example' },
      ],
    });
    expect(config).toMatchObject({
      brand: 'Tracker',
      retentionDays: 14,
      siteCount: 2500,
      contactEmail: 'help@example.org',
      communityUrl: 'https://chat.example.org',
    });
    expect(config.sponsored.map((s) => s.id)).toEqual(['1', '2']);
    expect(config.sponsored[1]!.description).toBe('');
  });

  it('drops unsafe or malformed values', () => {
    const config = toSiteConfig({
      retention_days: -1,
      contact_email: 'not an email',
      community_url: 'javascript:alert(1)',
      sponsored: [{ id: 'x', title: 'Bad', url: 'javascript:alert(1)' }, 'nope'],
    });
    expect(config).toMatchObject({
      retentionDays: 30,
      contactEmail: null,
      communityUrl: null,
      sponsored: [],
    });
  });
});
