import type { WallKind } from '../types.ts';
import type { CannedResponse } from './waf-pages.ts';

/**
 * Hostile answers a real site (or something between it and the client) gives instead of a profile: login
 * and consent walls, region blocks, empty bodies, the site's own rate-limit text or JSON errors, JavaScript
 * and proof-of-work challenges, enterprise WAF rejections and statuses no catalogue rule means. Each kind
 * has several variants written after real pages, with the status and headers those pages come with.
 * None of them is a profile or a "no such user" page: a checker must answer `unknown` for every one.
 */

const HTML = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/** What a page may show of the request: the host and the path (as a login form's `next` does). */
export interface PageContext {
  host: string;
  path: string;
  id: string;
}

type PageMaker = (c: PageContext) => CannedResponse;

const enc = (s: string) => encodeURIComponent(s);
const attr = (s: string) => s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

const LOGIN: PageMaker[] = [
  // GitHub-style sign-in page (what a "members only" profile redirects or answers with).
  (c) => ({
    status: 200,
    headers: { ...HTML, 'set-cookie': '_gh_sess=x; path=/; secure; HttpOnly; SameSite=Lax' },
    body: `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Sign in to ${c.host.split('.')[0]} · ${c.host}</title><link rel="stylesheet" href="/assets/light.css"></head><body class="logged-out env-production page-responsive session-authentication"><div class="header header-logged-out"><a class="header-logo" href="https://${c.host}/" aria-label="Homepage"><svg height="48" viewBox="0 0 16 16" width="48"></svg></a></div><main><div class="auth-form px-3" id="login"><form action="/session" accept-charset="UTF-8" method="post"><input type="hidden" name="authenticity_token" value="${c.id}" autocomplete="off"><div class="auth-form-header p-0"><h1>Sign in to ${c.host.split('.')[0]}</h1></div><div class="auth-form-body mt-3"><label for="login_field">Username or email address</label><input type="text" name="login" id="login_field" class="form-control input-block js-login-field" autocapitalize="off" autocorrect="off" autocomplete="username" autofocus="autofocus" required="required"><div class="position-relative"><label for="password">Password</label><input type="password" name="password" id="password" class="form-control form-control input-block js-password-field" autocomplete="current-password" required="required"><input type="hidden" name="return_to" id="return_to" value="https://${c.host}${attr(c.path)}" autocomplete="off"><input type="submit" name="commit" value="Sign in" class="btn btn-primary btn-block js-sign-in-button" data-disable-with="Signing in…"><a class="label-link position-absolute top-0 right-0" tabindex="0" href="/password_reset">Forgot password?</a></div></div></form><p class="login-callout mt-3">New here? <a href="/signup?source=login">Create an account</a>.</p></div></main><footer class="footer"><ul><li><a href="/site/terms">Terms</a></li><li><a href="/site/privacy">Privacy</a></li></ul></footer></body></html>`,
  }),
  // Instagram-style: the login wall shows the profile's name in its text (username visible), title is the login.
  (c) => {
    const name = decodeURIComponent(c.path.split('/').filter(Boolean).pop() ?? 'someone');
    return {
      status: 200,
      headers: { ...HTML, 'x-frame-options': 'SAMEORIGIN', 'cross-origin-opener-policy': 'same-origin-allow-popups' },
      body: `<!DOCTYPE html><html class="_9dls" lang="en" dir="ltr"><head><meta charset="utf-8"><title>Login • Instagram</title><meta name="robots" content="noimageindex, noarchive"><meta property="og:site_name" content="Instagram"></head><body class="" style="background-color: white"><div id="splash-screen"></div><section class="_9eog"><main role="main"><article><div><p>See photos and videos from ${attr(name)}.</p><div class="_ab1y"><form id="loginForm" method="post"><div class="_ab32"><label><span>Phone number, username, or email</span><input aria-label="Phone number, username, or email" aria-required="true" autocapitalize="off" autocorrect="off" maxlength="75" type="text" name="username" value=""></label></div><div class="_ab32"><label><span>Password</span><input aria-label="Password" aria-required="true" autocapitalize="off" autocorrect="off" type="password" name="password" value=""></label></div><button type="submit"><div>Log in</div></button></form><a href="/accounts/password/reset/">Forgot password?</a></div><p>Don't have an account? <a href="/accounts/emailsignup/">Sign up</a></p></div></article></main></section><script type="application/json" data-sjs>{"require":[["ScheduledServerJS","handle",null,[{"__bbox":{"define":[["PolarisLoginLogger",[],{"enabled":true},1]]}}]]]}</script></body></html>`,
    };
  },
  // Facebook-style "log in or sign up to view" wall, answered with 200.
  (c) => ({
    status: 200,
    headers: { ...HTML, 'x-fb-debug': c.id, 'strict-transport-security': 'max-age=15552000; preload' },
    body: `<!DOCTYPE html><html lang="en" id="facebook" class="no_js"><head><meta charset="utf-8"><meta name="referrer" content="origin-when-crossorigin" id="meta_referrer"><title>Log in or sign up to view</title><meta property="og:site_name" content="Facebook"></head><body class="_6s5d _71pn system-fonts--body"><div id="globalContainer"><div class="_4-u5 _30ny"><div class="_585n"><h2 class="_585r _50f4">You must log in to continue.</h2></div><form id="login_form" action="/login/?next=https%3A%2F%2F${c.host}${enc(c.path)}" method="post" novalidate="1"><input type="hidden" name="lsd" value="${c.id}" autocomplete="off"><div class="_6lux"><input type="text" class="inputtext _55r1 _6luy" name="email" id="email" placeholder="Email address or phone number" autofocus="1" aria-label="Email address or phone number"></div><div class="_6lux"><div class="_6luy _55r1 _1kbt" id="passContainer"><input type="password" class="inputtext _55r1 _6luy _9npi" name="pass" id="pass" placeholder="Password" aria-label="Password"></div></div><div class="_6ltg"><button value="1" class="_42ft _4jy0 _6lth _4jy6 _4jy1 selected _51sy" name="login" type="submit">Log in</button></div><div class="_6ltj"><a href="/recover/initiate/">Forgotten password?</a></div></form></div></div></body></html>`,
  }),
  // A forum's "members only" notice without a form: a link to the login page, status 200.
  (c) => ({
    status: 200,
    headers: { ...HTML, server: 'Apache', 'x-powered-by': 'PHP/8.2.12' },
    body: `<!DOCTYPE html><html lang="en-US"><head><meta charset="UTF-8"><title>Notice | ${c.host}</title><link rel="stylesheet" href="/styles/forum.css"></head><body><div id="wrapper"><header><a href="/">${c.host}</a> <nav><a href="/forums/">Forums</a> <a href="/members/">Members</a> <a href="/login/">Log in</a> <a href="/register/">Register</a></nav></header><div class="blockMessage blockMessage--error"><p>You must be logged in to view member profiles. Please <a href="/login/?redirect=${enc(c.path)}">log in</a> or <a href="/register/">register</a> to continue.</p></div><footer>Forum software by XenForo® © 2010-2024 XenForo Ltd.</footer></div></body></html>`,
  }),
  // A Russian-language site's sign-in page (Cyrillic wording, password field).
  (c) => ({
    status: 200,
    headers: { ...HTML, server: 'nginx' },
    body: `<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"><title>Вход — ${c.host}</title></head><body><div class="page"><h1>Вход на сайт</h1><form class="auth" method="post" action="/auth/login"><input type="hidden" name="back" value="${attr(c.path)}"><label>Логин или e-mail<input type="text" name="login"></label><label>Пароль<input type="password" name="password"></label><button type="submit">Войти</button></form><p><a href="/auth/register">Регистрация</a> · <a href="/auth/restore">Забыли пароль?</a></p></div></body></html>`,
  }),
];

const CONSENT: PageMaker[] = [
  // Google/YouTube "Before you continue" interstitial (consent.youtube.com answers 200).
  (c) => ({
    status: 200,
    headers: { ...HTML, server: 'ESF', 'x-xss-protection': '0', p3p: 'CP="This is not a P3P policy!"' },
    body: `<!DOCTYPE html><html lang="en-GB" dir="ltr"><head><meta charset="utf-8"><title>Before you continue to YouTube</title><meta name="viewport" content="initial-scale=1, maximum-scale=5, width=device-width"></head><body><div class="saveButtonContainer"><h1 class="title">Before you continue to YouTube</h1><div class="content">We use <a href="https://policies.google.com/technologies/cookies?hl=en-GB">cookies</a> and data to deliver and maintain Google services, track outages and protect against spam, fraud and abuse.</div><form action="https://consent.youtube.com/save" method="POST"><input type="hidden" name="gl" value="DE"><input type="hidden" name="m" value="0"><input type="hidden" name="app" value="0"><input type="hidden" name="pc" value="yt"><input type="hidden" name="continue" value="https://${c.host}${attr(c.path)}?cbrd=1"><input type="hidden" name="x" value="6"><input type="hidden" name="bl" value="boq_identityfrontenduiserver_${c.id}"><input type="hidden" name="set_eom" value="true"><button class="VfPpkd-LgbsSe" aria-label="Reject all"><span class="VfPpkd-vQzf8d">Reject all</span></button></form><form action="https://consent.youtube.com/save" method="POST"><input type="hidden" name="set_eom" value="false"><button class="VfPpkd-LgbsSe" aria-label="Accept all"><span class="VfPpkd-vQzf8d">Accept all</span></button></form></div></body></html>`,
  }),
  // Yahoo-family GUCE consent wall.
  (c) => ({
    status: 200,
    headers: { ...HTML, server: 'ATS', 'x-frame-options': 'SAMEORIGIN' },
    body: `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><title>Yahoo is part of the Yahoo family of brands</title><link rel="stylesheet" href="https://s.yimg.com/oa/guce/consent.css"></head><body><div id="consent-page" class="consent-page"><div class="con-wizard"><h2 class="title">Yahoo is part of the Yahoo family of brands</h2><p>When you use our sites and apps, we use cookies to provide our sites and apps to you, authenticate users, apply security measures, and prevent spam and abuse.</p><form method="post" class="consent-form" action="https://guce.yahoo.com/consent"><input type="hidden" name="sessionId" value="${c.id}"><input type="hidden" name="originalDoneUrl" value="https://${c.host}${attr(c.path)}"><button type="submit" class="btn secondary reject-all" name="reject" value="reject">Reject all</button><button type="submit" class="btn primary accept-all" name="agree" value="agree">Accept all</button><a class="btn secondary manage-settings" href="/v2/partners?sessionId=${c.id}">Manage privacy settings</a></form></div></div></body></html>`,
  }),
  // A news-style site's OneTrust interstitial: the banner is the whole page until consent is given.
  (c) => ({
    status: 200,
    headers: { ...HTML, server: 'cloudflare', 'cf-ray': `${c.id}-FRA`, 'cf-cache-status': 'DYNAMIC' },
    body: `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>${c.host}</title><script src="https://cdn.cookielaw.org/scripttemplates/otSDKStub.js" data-domain-script="${c.id}-0000-4000-8000-000000000000" charset="UTF-8"></script></head><body class="consent-required"><div id="onetrust-consent-sdk"><div class="onetrust-pc-dark-filter"></div><div id="onetrust-banner-sdk" class="otCenterRounded" role="dialog" aria-label="Privacy"><div class="ot-sdk-container"><h2 id="onetrust-policy-title">Wir respektieren Ihre Privatsphäre</h2><div id="onetrust-policy-text">Wir und unsere Partner verwenden Cookies und ähnliche Technologien, um Informationen auf Ihrem Gerät zu speichern und abzurufen. Mit Klick auf „Alle akzeptieren“ stimmen Sie der Verarbeitung zu.</div><div id="onetrust-button-group"><button id="onetrust-reject-all-handler">Alle ablehnen</button><button id="onetrust-accept-btn-handler">Alle akzeptieren</button></div></div></div></div><noscript>Bitte aktivieren Sie JavaScript, um diese Seite zu nutzen.</noscript></body></html>`,
  }),
  // Sourcepoint "pay or accept" wall.
  (c) => ({
    status: 200,
    headers: { ...HTML, server: 'nginx', vary: 'Accept-Encoding' },
    body: `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Your privacy choices</title><script>window._sp_queue = [];window._sp_ = {config: {accountId: 1234, baseEndpoint: 'https://cdn.privacy-mgmt.com', propertyHref: 'https://${c.host}'}};</script><script src="https://cdn.privacy-mgmt.com/unified/wrapperMessagingWithoutDetection.js" async></script></head><body><div id="sp_message_container_${c.id}" class="sp_message_container"><div class="message"><h1>We value your privacy</h1><p>To continue reading, accept cookies and tracking, or subscribe.</p><button title="Accept all">Accept all</button><button title="Subscribe">Subscribe</button></div></div></body></html>`,
  }),
];

const REGION: PageMaker[] = [
  (c) => ({
    status: 451,
    headers: { ...HTML, server: 'nginx', link: '<https://www.example-authority.test/orders/123>; rel="blocked-by"' },
    body: `<!DOCTYPE html><html><head><title>451 Unavailable For Legal Reasons</title></head><body><h1>Unavailable For Legal Reasons</h1><p>This content is not available in your country due to a legal demand. Reference ${c.id}.</p></body></html>`,
  }),
  // Cloudflare error 1009 (country ban), served with 403.
  (c) => ({
    status: 403,
    headers: { ...HTML, server: 'cloudflare', 'cf-ray': `${c.id}-SIN` },
    body: `<!DOCTYPE html><html class="no-js" lang="en-US"><head><title>Access denied | ${c.host} used Cloudflare to restrict access</title><meta charset="UTF-8"></head><body><div id="cf-wrapper"><div id="cf-error-details" class="p-0"><header class="mx-auto pt-10 lg:pt-6 lg:px-8 w-240 lg:w-full mb-15 antialiased"><h1 class="inline-block md:block mr-2 md:mb-2 font-light text-60 md:text-3xl text-black-dark leading-tight"><span data-translate="error">Error</span><span>1009</span></h1><span class="inline-block md:block heading-ray-id font-mono text-15 lg:text-sm lg:leading-relaxed">Ray ID: ${c.id} &bull;</span><h2 class="text-gray-600 leading-1.3 text-3xl lg:text-2xl font-light">Access denied</h2></header><section class="w-240 lg:w-full mx-auto mb-8 lg:px-8"><div id="what-happened-section" class="w-1/2 md:w-full"><h2 class="text-3xl leading-tight font-normal mb-4 text-black-dark antialiased" data-translate="what_happened">What happened?</h2><p>The owner of this website (${c.host}) has banned the country or region your IP address is in (DE) from accessing this website.</p></div></section></div></div></body></html>`,
  }),
  // A streaming-style region notice answered with 200.
  (c) => ({
    status: 200,
    headers: { ...HTML, server: 'AkamaiGHost', 'x-akamai-transformed': '9 - 0 pmb=mRUM,2' },
    body: `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${c.host}</title></head><body><div class="geo-block"><img src="/static/globe.svg" alt=""><h2>We're sorry.</h2><p>This service is not available in your region.</p><p>Our content is licensed for specific countries only. <a href="/help/availability">Learn more</a></p></div></body></html>`,
  }),
  // A US site that turns EU visitors away (GDPR), 200.
  (c) => ({
    status: 200,
    headers: { ...HTML, server: 'Microsoft-IIS/10.0' },
    body: `<!DOCTYPE html><html><head><title>${c.host}</title></head><body style="font-family:sans-serif"><h1>451: Unavailable due to legal reasons</h1><p>We recognize you are attempting to access this website from a country belonging to the European Economic Area (EEA) including the EU which enforces the General Data Protection Regulation (GDPR) and therefore access cannot be granted at this time.</p><p>For any issues, contact webmaster@${c.host}.</p></body></html>`,
  }),
];

const EMPTY: PageMaker[] = [
  () => ({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'content-length': '0' }, body: '' }),
  () => ({ status: 200, headers: { ...HTML, server: 'nginx' }, body: '\n\n   \n' }),
  () => ({ status: 200, headers: { ...HTML, server: 'openresty' }, body: '<html><head></head><body></body></html>\n' }),
  () => ({ status: 200, headers: { ...JSON_TYPE }, body: '{}' }),
];

const RATE_LIMIT: PageMaker[] = [
  // The site's own HTML rate-limit page with 200.
  (c) => ({
    status: 200,
    headers: { ...HTML, server: 'nginx' },
    body: `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Too Many Requests</title></head><body><main class="container"><h1>Whoa there!</h1><p>You have triggered an abuse detection mechanism. Please wait a few minutes before you try again.</p><p class="small">Request ID: ${c.id}</p></main></body></html>`,
  }),
  // Reddit-style plain text rate limit, 200.
  () => ({
    status: 200,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '412' },
    body: 'You are being rate limited. Please slow down and try again later.\n',
  }),
  // Instagram-style JSON answered with 200 (the "wait a few minutes" answer).
  () => ({
    status: 200,
    headers: { ...JSON_TYPE, 'x-ig-set-www-claim': '0' },
    body: '{"message":"Please wait a few minutes before you try again.","require_login":true,"status":"fail"}',
  }),
  // A throttle answered with 400 (no 429 in sight).
  (c) => ({
    status: 400,
    headers: { ...JSON_TYPE, server: 'envoy', 'x-request-id': c.id },
    body: '{"error":{"code":400,"status":"RESOURCE_EXHAUSTED","message":"Rate limit exceeded. Try again in 60 seconds."}}',
  }),
  // 400 with an HTML throttle page.
  () => ({
    status: 400,
    headers: { ...HTML, server: 'Apache' },
    body: '<html><head><title>Bad Request</title></head><body><h1>Bad Request</h1><p>Too many requests from your IP address. Please try again later.</p></body></html>',
  }),
];

const JSON_ERROR: PageMaker[] = [
  () => ({
    status: 200,
    headers: { ...JSON_TYPE },
    body: '{"errors":[{"code":88,"message":"Rate limit exceeded"}]}',
  }),
  (c) => ({
    status: 200,
    headers: { ...JSON_TYPE, 'x-request-id': c.id },
    body: '{"status":429,"error":"too_many_requests","data":null}',
  }),
  () => ({
    status: 200,
    headers: { ...JSON_TYPE },
    body: '{\n  "error": "login_required",\n  "error_description": "You need to sign in to see this user."\n}',
  }),
  () => ({
    status: 200,
    headers: { ...JSON_TYPE },
    body: '{"ok":false,"code":403,"error":"Forbidden","message":"Access denied by security policy"}',
  }),
  () => ({
    status: 200,
    headers: { ...JSON_TYPE },
    body: '{"success":false,"error":{"type":"RateLimitError","code":"rate_limited","retry_after":30}}',
  }),
];

const CHALLENGE: PageMaker[] = [
  // Cloudflare managed challenge served with 200 and no cf-mitigated header (some configs).
  (c) => ({
    status: 200,
    headers: { ...HTML, server: 'cloudflare', 'cf-ray': `${c.id}-CDG` },
    body: `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><meta name="robots" content="noindex,nofollow"></head><body><div class="main-wrapper" role="main"><div class="main-content"><h1 class="zone-name-title h1">${c.host}</h1><p>Verifying you are human. This may take a few seconds.</p></div></div><script>(function(){window._cf_chl_opt={cvId: '3',cZone: "${c.host}",cType: 'managed',cRay: '${c.id}',cH: 'x',cUPMDTk: "${attr(c.path)}?__cf_chl_tk=${c.id}"};var cpo=document.createElement('script');cpo.src='/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1?ray=${c.id}';document.getElementsByTagName('head')[0].appendChild(cpo);}());</script></body></html>`,
  }),
  // Anubis proof-of-work challenge (200).
  (c) => ({
    status: 200,
    headers: { ...HTML, server: 'Caddy' },
    body: `<!doctype html><html lang="en"><head><title>Making sure you're not a bot!</title><link rel="stylesheet" href="/.within.website/x/xess/xess.css"><script id="anubis_version" type="application/json">"v1.21.3"</script><script id="anubis_challenge" type="application/json">{"challenge":"${c.id}","rules":{"algorithm":"fast","difficulty":4,"report_as":4}}</script><script async type="module" src="/.within.website/x/cmd/anubis/static/js/main.mjs"></script></head><body id="top"><main><h1 id="title" class="centered-div">Making sure you&#39;re not a bot!</h1><p id="status" class="centered-div">Loading...</p></main></body></html>`,
  }),
  // DataDome interstitial with 200 ("Please enable JS and disable any ad blocker").
  (c) => ({
    status: 200,
    headers: { ...HTML, server: 'nginx', 'x-datadome': 'protected', 'x-dd-b': '2' },
    body: `<html><head><title>${c.host}</title><style>#cmsg{animation: A 1.5s;}@keyframes A{0%{opacity:0;}99%{opacity:0;}100%{opacity:1;}}</style></head><body style="margin:0"><p id="cmsg">Please enable JS and disable any ad blocker</p><script data-cfasync="false">var dd={'rt':'i','cid':'AHrlqAAAAAMA${c.id}','hsh':'${c.id}','b':1,'s':1,'e':'${c.id}','host':'geo.captcha-delivery.com','cookie':'x'}</script><script data-cfasync="false" src="https://ct.captcha-delivery.com/i.js"></script></body></html>`,
  }),
  // Kasada-style JS challenge (429 in the wild, served here as 200).
  (c) => ({
    status: 200,
    headers: { ...HTML, 'x-kpsdk-ct': c.id },
    body: `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><script>window.KPSDK={};KPSDK.now=typeof performance!=='undefined'&&performance.now?performance.now.bind(performance):Date.now.bind(Date);KPSDK.start=KPSDK.now();</script><script src="/149e9513-01fa-4fb0-aad4-566afd725d1b/2d206a39-8ed7-437e-a3be-862e0f06eea3/ips.js?KP_UIDz=${c.id}"></script></body></html>`,
  }),
  // Sucuri JavaScript cookie challenge.
  (c) => ({
    status: 200,
    headers: { ...HTML, server: 'Sucuri/Cloudproxy', 'x-sucuri-id': '16012' },
    body: `<html><title>You are being redirected...</title><noscript>Javascript is required. Please enable javascript before you are allowed to see this page.</noscript><script>var s={},u,c,U,r,i,l=0,a,e=eval,w=String.fromCharCode,sucuri_cloudproxy_js='',S='${c.id}';L=S.length;U=0;r='';document.cookie='sucuri_cloudproxy_uuid_${c.id}=' + r + ';path=/;max-age=86400'; location.reload();</script></html>`,
  }),
  // Vercel security checkpoint with 200.
  (c) => ({
    status: 200,
    headers: { ...HTML, server: 'Vercel', 'x-vercel-id': `fra1::${c.id}` },
    body: `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Vercel Security Checkpoint</title></head><body><main><h1>We're verifying your browser</h1><p>Website owner? Click <a href="https://vercel.link/security-checkpoint">here</a> to learn more.</p></main><script src="/.well-known/vercel/security/static/challenge.v2.min.js" data-request-id="${c.id}"></script></body></html>`,
  }),
];

const WAF_REJECT: PageMaker[] = [
  // F5 BIG-IP ASM rejection, answered with 200.
  (c) => ({
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      pragma: 'no-cache',
      connection: 'close',
    },
    body: `<html><head><title>Request Rejected</title></head><body>The requested URL was rejected. Please consult with your administrator.<br><br>Your support ID is: ${BigInt(`0x${c.id.padEnd(8, '0').slice(0, 8)}`).toString()}<br><br><a href='javascript:history.back();'>[Go Back]</a></body></html>`,
  }),
  // Akamai "Access Denied" reference page (403).
  (c) => ({
    status: 403,
    headers: { 'content-type': 'text/html', server: 'AkamaiGHost', 'mime-version': '1.0' },
    body: `<HTML><HEAD>\n<TITLE>Access Denied</TITLE>\n</HEAD><BODY>\n<H1>Access Denied</H1>\n \nYou don't have permission to access "http&#58;&#47;&#47;${c.host}${c.path}" on this server.<P>\nReference&#32;&#35;18&#46;${c.id}&#46;1700000000&#46;1a2b3c4d\n<P>https&#58;&#47;&#47;errors&#46;edgesuite&#46;net&#47;18&#46;${c.id}\n</BODY>\n</HTML>\n`,
  }),
  // ModSecurity 406 Not Acceptable.
  () => ({
    status: 406,
    headers: { 'content-type': 'text/html; charset=iso-8859-1', server: 'Apache' },
    body: '<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">\n<html><head>\n<title>406 Not Acceptable</title>\n</head><body>\n<h1>Not Acceptable</h1>\n<p>An appropriate representation of the requested resource could not be found on this server.</p>\n<p>Additionally, a 406 Not Acceptable\nerror was encountered while trying to use an ErrorDocument to handle the request.</p>\n</body></html>\n',
  }),
  // Wordfence block page, 200 on some hosts.
  (c) => ({
    status: 200,
    headers: { ...HTML, server: 'LiteSpeed' },
    body: `<!DOCTYPE html><html><head><title>${c.host}</title></head><body><h1>Your access to this site has been limited by the site owner</h1><p>Your access to this service has been limited. (HTTP response code 503)</p><p>If you think you have been blocked in error, contact the owner of this site for assistance.</p><h2>Block Technical Data</h2><table><tr><td>Block Reason:</td><td>Access from your area has been temporarily limited for security reasons.</td></tr><tr><td>Time:</td><td>Tue, 21 Nov 2026 10:00:00 GMT</td></tr></table><p class="generated">Generated by Wordfence at Tue, 21 Nov 2026 10:00:00 GMT.<br>Your computer's time: <script>document.write(new Date().toUTCString());</script>.</p></body></html>`,
  }),
  // Azure Front Door WAF block with 200 (custom status configured by the site).
  (c) => ({
    status: 200,
    headers: { ...HTML, 'x-azure-ref': `0${c.id}`, 'x-cache': 'CONFIG_NOCACHE' },
    body: `<!DOCTYPE html><html><head><title>Request blocked</title></head><body><h2>The request is blocked.</h2><p>${c.id}-20261121T100000Z-${c.id}</p></body></html>`,
  }),
];

const ODD_STATUS: PageMaker[] = [
  () => ({
    status: 401,
    headers: { ...HTML, 'www-authenticate': 'Basic realm="Members"' },
    body: '<html><head><title>401 Authorization Required</title></head><body><h1>Authorization Required</h1></body></html>',
  }),
  () => ({
    status: 407,
    headers: {
      'content-type': 'text/html',
      'proxy-authenticate': 'Basic realm="Corporate proxy"',
      server: 'squid/6.6',
    },
    body: '<html><head><title>ERROR: Cache Access Denied</title></head><body><h1>ERROR</h1><h2>Cache Access Denied.</h2><p>Sorry, you are not currently allowed to request this page until you have authenticated yourself.</p></body></html>',
  }),
  () => ({
    status: 406,
    headers: { 'content-type': 'text/plain' },
    body: 'Not Acceptable!\n',
  }),
  () => ({
    status: 451,
    headers: { 'content-type': 'text/plain' },
    body: 'Unavailable For Legal Reasons\n',
  }),
  () => ({
    status: 400,
    headers: { 'content-type': 'text/plain', 'retry-after': '30' },
    body: 'Request was throttled. Expected available in 30 seconds.\n',
  }),
  () => ({ status: 401, headers: { ...JSON_TYPE }, body: '{"message":"Requires authentication"}' }),
];

const PAGES: Record<WallKind, PageMaker[]> = {
  login: LOGIN,
  consent: CONSENT,
  region: REGION,
  empty: EMPTY,
  rate_limit: RATE_LIMIT,
  json_error: JSON_ERROR,
  challenge: CHALLENGE,
  waf_reject: WAF_REJECT,
  odd_status: ODD_STATUS,
};

export const WALL_KINDS = Object.keys(PAGES) as WallKind[];

/** How many variants a kind of hostile page has (variant numbers wrap around). */
export function wallVariants(kind: WallKind): number {
  return PAGES[kind].length;
}

/** The hostile page `kind` number `variant` (modulo the number of variants) for one request. */
export function wallPage(kind: WallKind, variant: number, context: PageContext): CannedResponse {
  const pages = PAGES[kind];
  const page = pages[((variant % pages.length) + pages.length) % pages.length] as PageMaker;
  return page(context);
}
