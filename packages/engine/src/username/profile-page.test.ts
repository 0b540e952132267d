import { describe, expect, it } from 'vitest';
import { isProfilePage } from './profile-page.ts';

describe('isProfilePage (issue 41 item 7)', () => {
  it('accepts profile pages, whatever the case, encoding or place of the name', () => {
    for (const url of [
      'https://github.com/Blue',
      'https://blue.tumblr.com/',
      'https://rarible.com/blue',
      'https://mcuuid.net/?q=blue',
      'http://forum.igromania.ru/member.php?username=blue',
      'https://www.planetminecraft.com/member/blue',
      // Sites named like an API are sites: only a subdomain's label names an API server.
      'https://rapidapi.com/user/blue',
    ])
      expect(isProfilePage(url, 'blue'), url).toBe(true);
    expect(isProfilePage('https://example.com/u/j%C3%BCrgen', 'jürgen')).toBe(true);
    // A catalogue that strips `.` before placing the name still names the user.
    expect(isProfilePage('https://example.com/johndoe', 'john.doe')).toBe(true);
    // The name itself may look like an API word.
    expect(isProfilePage('https://example.com/u/v2', 'v2')).toBe(true);
    expect(isProfilePage('https://api.example.com/', 'api')).toBe(true);
  });

  it('refuses home pages, API addresses, data files and non-web links', () => {
    for (const url of [
      'https://discord.com',
      'https://forum.kvinneguiden.no/',
      'https://api.mojang.com/users/profiles/minecraft/blue',
      'https://mapi.yummly.com/mapi/v19/user/blue',
      'https://rarible.com/marketplace/api/v4/urls/blue',
      'https://discords.com/api-v2/bio/details/blue',
      'https://www.bandlab.com/api/v1.3/users/blue',
      'https://www.dotafire.com/ajax/searchSite?text=blue&search=members',
      'https://vc.ru/search/v2/subsite/relevant?query=blue',
      'https://community.bunpro.jp/u/blue.json',
      'https://example.com/u/blue?format=json',
      'javascript:alert("blue")',
      'ftp://example.com/blue',
      '',
    ])
      expect(isProfilePage(url, 'blue'), url).toBe(false);
  });
});
