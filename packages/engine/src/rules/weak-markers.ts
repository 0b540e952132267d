import type { CheckResponse, SiteCheck } from '../model.ts';
import type { CheckRule } from './types.ts';

/**
 * Presence strings that any page satisfies — generic markup, common words, fragments of every JSON answer —
 * prove nothing alone (docs/decisions/084-long-pages-and-weak-markers.md). A `found` that rests
 * only on such strings needs a second signal: the page names the username.
 */

/** What most pages carry: a generic page (head, navigation, login form, footer), a 404 page and JSON answers. */
const GENERIC_PAGES =
  `<!DOCTYPE html><html lang="en" dir="ltr" class="no-js"><head><meta charset="utf-8"><meta http-equiv="X-UA-Compatible" content="IE=edge"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Home | Site</title><meta name="description" content="Welcome to our community"><meta name="robots" content="index, follow"><meta property="og:title" content="Site"><meta property="og:type" content="website"><meta property="og:url" content="https://example.com/"><meta property="og:image" content="https://example.com/logo.png"><meta property="og:description" content="Welcome"><meta property="og:site_name" content="Site"><meta name="twitter:card" content="summary"><meta name="twitter:title" content="Site"><link rel="canonical" href="https://example.com/"><link rel="icon" href="/favicon.ico"><link rel="stylesheet" href="/css/main.css"><script type="text/javascript" src="/js/app.js" async defer></script><script>window.dataLayer = window.dataLayer || [];</script><style>body{margin:0}</style></head>
<body class="page home"><div id="app" class="container wrapper"><header class="header site-header"><nav class="navbar nav"><a class="logo" href="/">Home</a> <a href="/explore">Explore</a> <a href="/search">Search</a> <a href="/about">About</a> <a href="/users">Users</a> <a href="/members">Members</a> <a href="/profile">Profile</a> <a href="/login">Log in</a> <a href="/signup">Sign up</a> <a href="/register">Register</a></nav></header>
<main id="main" class="main content"><h1 class="title">Welcome</h1><div class="row"><div class="col"><span class="user">User</span> <span class="username">Username</span> <span class="name">Name</span> <img class="avatar" src="/img/avatar.png" alt="avatar"> <p>Posts Followers Following Likes Comments Photos Videos Joined Member since Last seen Online Friends Groups Bio Location Website Contact Message Follow Share Report Block Settings Account</p></div></div>
<form id="login" action="/login" method="post"><input type="hidden" name="csrf_token" value="x"><label for="email">Email</label><input type="email" id="email" name="email"><label for="password">Password</label><input type="password" id="password" name="password"><button type="submit" class="btn btn-primary">Sign in</button></form>
<div class="error">Page not found. The page you are looking for does not exist. Error 404.</div></main>
<footer class="footer"><a href="/terms">Terms</a> <a href="/privacy">Privacy</a> <a href="/cookies">Cookies</a> <a href="/help">Help</a> © 2026 All rights reserved.</footer></div></body></html>
{"id":1,"name":"x","username":"x","user":{"id":1},"data":{},"status":"ok","success":true,"result":[],"results":[],"items":[],"total":0,"count":0,"error":null,"message":"ok","code":200,"type":"user","url":"https://example.com/"}
{"data": {"user": null}, "status": "ok", "errors": [], "meta": {}}`.toLowerCase();

/** True when `marker` alone proves nothing: under 4 ASCII characters, or found on generic pages. */
export function isWeakMarker(marker: string): boolean {
  const text = marker.trim().toLowerCase();
  // Short ASCII strings ("1", "[{", "h5") occur anywhere; three CJK characters are a word.
  return (text.length < 4 && /^[\x00-\x7f]*$/.test(text)) || GENERIC_PAGES.includes(text);
}

/** A catalogue check's presence strings that are weak (Maigret presence strings, WhatsMyName e_string). */
export function weakPresenceMarkers(check: SiteCheck): string[] {
  const rule = check.rule as CheckRule | undefined;
  if (rule?.kind === 'maigret' && rule.checkType !== 'status_code') return rule.presenceStrs.filter(isWeakMarker);
  if (rule?.kind === 'whatsmyname' && rule.eString !== '') return isWeakMarker(rule.eString) ? [rule.eString] : [];
  return [];
}

/** True when the body names the username (case-insensitive), which a generic page does not. */
export function namesUsername(response: CheckResponse, username: string | undefined): boolean {
  if (!username) return false;
  const name = username.toLowerCase();
  if (response.seen?.some((s) => s.toLowerCase() === name)) return true;
  return response.body.toLowerCase().includes(name);
}

export interface WeakStats {
  format: string;
  /** Usable checks whose presence strings include weak ones. */
  checks: number;
  /** Weak strings by how many checks use them, most used first. */
  markers: Array<{ marker: string; count: number }>;
}

/** Per format: usable checks with weak presence strings, for `hound sites stats`. */
export function weakPresenceStats(checks: readonly SiteCheck[]): WeakStats[] {
  const byFormat = new Map<string, { checks: number; markers: Map<string, number> }>();
  for (const check of checks) {
    if (check.unsupported || check.disabled) continue;
    const weak = weakPresenceMarkers(check);
    if (weak.length === 0) continue;
    const entry = byFormat.get(check.format) ?? { checks: 0, markers: new Map<string, number>() };
    entry.checks++;
    for (const marker of weak) entry.markers.set(marker, (entry.markers.get(marker) ?? 0) + 1);
    byFormat.set(check.format, entry);
  }
  return [...byFormat].map(([format, { checks: count, markers }]) => ({
    format,
    checks: count,
    markers: [...markers]
      .map(([marker, n]) => ({ marker, count: n }))
      .sort((a, b) => b.count - a.count || a.marker.localeCompare(b.marker)),
  }));
}
