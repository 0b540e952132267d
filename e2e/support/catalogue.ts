/**
 * The e2e catalogue: a small Sherlock-format catalogue written for these tests (not upstream data).
 * Named platforms exercise the spec's category keywords; the numbered ones make a realistic total.
 */
const NAMED: Array<[name: string, host: string]> = [
  ['GitHub', 'github.com'],
  ['GitLab', 'gitlab.com'],
  ['Medium', 'medium.com'],
  ['Reddit', 'www.reddit.com'],
  ['Quora', 'www.quora.com'],
  ['Steam', 'steamcommunity.com'],
  ['Twitch', 'www.twitch.tv'],
  ['Instagram', 'www.instagram.com'],
  ['Pinterest', 'www.pinterest.com'],
  ['Flickr', 'www.flickr.com'],
  ['Vimeo', 'vimeo.com'],
  ['DeviantArt', 'www.deviantart.com'],
  ['Behance', 'www.behance.net'],
  ['Pastebin', 'pastebin.com'],
  ['Kaggle', 'www.kaggle.com'],
  ['Codewars', 'www.codewars.com'],
];

export const FILLER_COUNT = 44;
const SHARED_FORUM_HOSTS = 60;

export function e2eCatalogue(fillers = FILLER_COUNT): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [name, host] of NAMED) {
    data[name] = {
      url: `https://${host}/{}`,
      urlMain: `https://${host}/`,
      errorType: 'status_code',
      username_claimed: 'blue',
    };
  }
  for (let i = 1; i <= fillers; i++) {
    const n = String(i).padStart(2, '0');
    // Past the default few, forums share a host each among SHARED_FORUM_HOSTS (as boards on one hosting
    // service do): 3,000 sites on 3,000 hosts were 3,000 TLS handshakes on each side, a CPU-bound search of
    // minutes on two cores, where the journey is about the browser's list.
    const host = i <= FILLER_COUNT ? `forum${n}.example` : `forums${i % SHARED_FORUM_HOSTS}.example`;
    const base = i <= FILLER_COUNT ? `https://${host}/` : `https://${host}/f${n}/`;
    data[`Forum ${n}`] = {
      url: `${base}u/{}`,
      urlMain: base,
      errorType: 'message',
      errorMsg: 'This user does not exist',
      username_claimed: 'blue',
    };
  }
  return data;
}

/** Platforms on which the searched username exists, and hosts that misbehave. */
export const CLAIMED_HOSTS = [
  'github.com',
  'gitlab.com',
  'www.reddit.com',
  'steamcommunity.com',
  'vimeo.com',
  'forum03.example',
  'forum17.example',
];
export const CLAIMED_PLATFORMS = ['GitHub', 'GitLab', 'Reddit', 'Steam', 'Vimeo', 'Forum 03', 'Forum 17'];
export const WAF_HOST = 'www.twitch.tv';
export const ERROR_HOST = 'www.quora.com';
/** Answers slowly, so a search stays running long enough to be seen running. */
export const SLOW_HOST = 'www.kaggle.com';
