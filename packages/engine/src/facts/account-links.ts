import type { Site } from '../model.ts';

/** A link recognised as a profile on a catalogue site. */
export interface LinkedAccount {
  /** The site's display name. */
  site: string;
  siteId: string;
  username: string;
}

interface Pattern {
  site: Site;
  regex: RegExp;
  /** Literal characters in the template: the most specific template wins. */
  specificity: number;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const hostOf = (host: string) => host.toLowerCase().replace(/^www\./, '');

/**
 * Recognises links to profiles on the catalogue's sites from their profile URL templates
 * (`https://github.com/{username}` → GitHub, `alice`), so a profile's social links become usernames
 * to follow. Templates whose username sits in the host name are matched too (`{username}.example.com`).
 */
export class AccountLinks {
  private readonly byHost = new Map<string, Pattern[]>();
  private readonly bySuffix = new Map<string, Pattern[]>();

  constructor(sites: readonly Site[]) {
    for (const site of sites) {
      const seen = new Set<string>();
      for (const check of site.checks) {
        const template = check.profileUrl;
        if (!template.includes('{username}') || seen.has(template)) continue;
        seen.add(template);
        this.add(site, template);
      }
    }
  }

  private add(site: Site, template: string): void {
    const match = /^https?:\/\/([^/?#]+)(.*)$/i.exec(template);
    if (!match) return;
    const host = (match[1] as string).toLowerCase();
    const rest = (match[2] as string).replace(/\/+$/, '');
    const part = '([^/?#]+)';
    if (host.includes('{username}')) {
      if (rest.includes('{username}')) return;
      const suffix = hostOf(host.slice(host.indexOf('{username}') + '{username}'.length).replace(/^\./, ''));
      const regex = new RegExp(
        `^${escapeRegex(host).replace(escapeRegex('{username}'), '([a-z0-9-]+)')}${escapeRegex(rest)}/?$`,
        'i',
      );
      const list = this.bySuffix.get(suffix) ?? [];
      list.push({ site, regex, specificity: template.length });
      this.bySuffix.set(suffix, list);
      return;
    }
    if (!rest.includes('{username}')) return;
    const regex = new RegExp(`^${escapeRegex(rest).replace(escapeRegex('{username}'), part)}/?$`, 'i');
    const key = hostOf(host);
    const list = this.byHost.get(key) ?? [];
    list.push({ site, regex, specificity: template.length });
    list.sort((a, b) => b.specificity - a.specificity);
    this.byHost.set(key, list);
  }

  /** The catalogue site and username a link points to, if it is a profile URL of a known site. */
  resolve(link: string): LinkedAccount | undefined {
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      return undefined;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    const host = hostOf(url.hostname);
    const path = url.pathname.replace(/\/+$/, '');
    for (const pattern of this.byHost.get(host) ?? []) {
      const m = pattern.regex.exec(path);
      if (m?.[1]) return this.account(pattern.site, m[1]);
    }
    const dot = host.indexOf('.');
    for (const pattern of dot > 0 ? (this.bySuffix.get(host.slice(dot + 1)) ?? []) : []) {
      const m = pattern.regex.exec(`${url.hostname.toLowerCase()}${path}`);
      if (m?.[1] && m[1] !== 'www') return this.account(pattern.site, m[1]);
    }
    return undefined;
  }

  private account(site: Site, raw: string): LinkedAccount | undefined {
    let username: string;
    try {
      username = decodeURIComponent(raw).replace(/^@/, '');
    } catch {
      return undefined;
    }
    if (!username || username.length > 100) return undefined;
    return { site: site.name, siteId: site.id, username };
  }
}
