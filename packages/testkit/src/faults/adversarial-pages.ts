import type { PageContext } from './hostile-pages.ts';
import type { CannedResponse } from './waf-pages.ts';

/**
 * An adversarial corpus (issue 30 item 5): answers that stand in for a site without being its profile or
 * its "no such user" page, of the kinds no fingerprint list names — parked domains, web-server default
 * pages, hosting platforms' own error pages, age gates, script and meta-refresh hops, forums in
 * login-required mode, empty JavaScript shells, captchas in an unfamiliar layout, odd transport (an image
 * where a page belongs, redirects to app schemes, off the site or round in circles). Written for this
 * corpus, in several languages, independently of the engine's fingerprint tables and of the older
 * `hostile-pages.ts`; each is served for every request to the host, as the real thing would be.
 * A checker must answer `unknown` to every one. Keep it growing: add pages, never edit one to pass.
 */

export type AdversarialKind =
  | 'parking'
  | 'server_default'
  | 'platform_error'
  | 'age_gate'
  | 'script_hop'
  | 'login_required'
  | 'app_shell'
  | 'captcha'
  | 'transport'
  /** Maintenance and "coming soon" placeholders served at 200. */
  | 'placeholder'
  /** 400 and 422 answers of a proxy, a dev server or an API gateway, not the site's own "no such user". */
  | 'request_error'
  /** Region notices and cookie walls in wording no list names. */
  | 'notice';

export interface AdversarialPage {
  id: string;
  kind: AdversarialKind;
  /** Main language of the page's text (`-` for none). */
  lang: string;
  make: (c: PageContext) => CannedResponse;
}

const HTML = { 'content-type': 'text/html; charset=utf-8' };
const esc = (s: string) => s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
const apex = (host: string) => host.split('.').slice(-2).join('.');
const page = (status: number, body: string, headers: Record<string, string> = {}): CannedResponse => ({
  status,
  headers: { ...HTML, ...headers },
  body,
});

/**
 * What a static-pages host's answers carry besides its own `server` (read from public `curl -I` records of
 * such 404s): its request id and its Fastly edge's headers. Added to the corpus page in decision 118 so the
 * page comes with its platform's headers as the real one does; the page itself is unchanged.
 */
const pagesCdnHeaders = (id: string): Record<string, string> => ({
  'access-control-allow-origin': '*',
  'x-proxy-cache': 'MISS',
  'x-github-request-id': `${id.slice(0, 4).toUpperCase()}:${id.slice(4).toUpperCase()}:1B027E:2F6CEF:${id.toUpperCase()}`,
  via: '1.1 varnish',
  age: '0',
  'x-served-by': `cache-fra-etou8220${id.slice(0, 3)}-FRA`,
  'x-cache': 'MISS',
  'x-cache-hits': '0',
  'x-timer': `S1795700000.${id.slice(0, 6)},VS0,VE12`,
  vary: 'Accept-Encoding',
  'x-fastly-request-id': `${id}${id}${id}${id}${id}`,
});

const PARKING: AdversarialPage[] = [
  {
    id: 'parking-for-sale-en',
    kind: 'parking',
    lang: 'en',
    make: (c) =>
      page(
        200,
        `<!doctype html><html><head><title>${apex(c.host)} - This domain may be for sale!</title><meta name="viewport" content="width=device-width"></head><body style="font-family:Arial"><div class="wrap"><h1>${apex(c.host)}</h1><h2>This domain may be for sale!</h2><p>Buy this domain today. Make an offer or contact the owner through our secure brokerage service.</p><a class="btn" href="https://brokerage.example/buy?d=${apex(c.host)}">Make an offer</a><h3>Related searches</h3><ul><li><a href="/search?q=online+dating">Online Dating</a></li><li><a href="/search?q=web+hosting">Web Hosting</a></li><li><a href="/search?q=car+insurance">Car Insurance</a></li></ul><small>Copyright © 2026. All rights reserved. Privacy Policy</small></div><script src="https://ads.parking-network.example/caf.js"></script></body></html>`,
        { server: 'openresty' },
      ),
  },
  {
    id: 'parking-registrar-de',
    kind: 'parking',
    lang: 'de',
    make: (c) =>
      page(
        200,
        `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>${apex(c.host)} – Domain geparkt</title></head><body><header><img src="/static/registrar-logo.svg" alt="Registrar"></header><main><h1>Diese Domain wurde soeben registriert</h1><p>Der Inhaber von <strong>${apex(c.host)}</strong> hat noch keine Webseite eingerichtet. Sie sind der Inhaber? Melden Sie sich im Kundenbereich an, um Ihre Website zu erstellen.</p><p>Ihre Wunschdomain ist schon vergeben? Jetzt eine andere Domain prüfen:</p><form action="https://registrar.example/domaincheck"><input name="domain" placeholder="wunschname.de"><button>Prüfen</button></form></main></body></html>`,
      ),
  },
  {
    id: 'parking-a-vendre-fr',
    kind: 'parking',
    lang: 'fr',
    make: (c) =>
      page(
        200,
        `<html lang="fr"><head><meta charset="utf-8"><title>Le domaine ${apex(c.host)} est à vendre</title></head><body><div id="container"><h1>Ce nom de domaine est à vendre</h1><p>Prix : 2 490 € HT — Paiement sécurisé, transfert sous 24 h.</p><p><a href="https://marche-domaines.example/achat/${apex(c.host)}">Acheter maintenant</a> ou <a href="https://marche-domaines.example/offre/${apex(c.host)}">faire une offre</a></p><p class="legal">Les annonces sur cette page sont fournies par un tiers.</p></div></body></html>`,
      ),
  },
  {
    id: 'parking-lander-js-es',
    kind: 'parking',
    lang: 'es',
    make: (c) =>
      page(
        200,
        `<!DOCTYPE html><html lang="es"><head><meta charset="UTF-8"><title>${apex(c.host)}</title><script>window.LANDER_SYSTEM="PW";</script><script src="/lander/bundle.js" defer></script></head><body><div id="lander"><noscript>Este dominio está aparcado. Active JavaScript para ver los enlaces patrocinados.</noscript></div><footer>${apex(c.host)} · 2026 · <a href="/privacy">Política de privacidad</a></footer></body></html>`,
      ),
  },
  {
    id: 'parking-expired-ja',
    kind: 'parking',
    lang: 'ja',
    make: (c) =>
      page(
        200,
        `<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><title>${apex(c.host)} ドメインの有効期限が切れています</title></head><body><div class="box"><h1>このドメインは有効期限が切れています</h1><p>${apex(c.host)} は現在ご利用いただけません。ドメインの所有者の方は、管理画面から更新手続きを行ってください。</p><p>このページは登録事業者によって表示されています。</p></div></body></html>`,
      ),
  },
];

const SERVER_DEFAULT: AdversarialPage[] = [
  {
    id: 'apache-it-works',
    kind: 'server_default',
    lang: 'en',
    make: () => page(200, '<html><body><h1>It works!</h1></body></html>\n', { server: 'Apache/2.4.62 (Unix)' }),
  },
  {
    id: 'nginx-welcome',
    kind: 'server_default',
    lang: 'en',
    make: () =>
      page(
        200,
        `<!DOCTYPE html>\n<html>\n<head>\n<title>Welcome to nginx!</title>\n<style>\nhtml { color-scheme: light dark; }\nbody { width: 35em; margin: 0 auto;\nfont-family: Tahoma, Verdana, Arial, sans-serif; }\n</style>\n</head>\n<body>\n<h1>Welcome to nginx!</h1>\n<p>If you see this page, the nginx web server is successfully installed and\nworking. Further configuration is required.</p>\n\n<p>For online documentation and support please refer to\n<a href="http://nginx.org/">nginx.org</a>.<br/>\nCommercial support is available at\n<a href="http://nginx.com/">nginx.com</a>.</p>\n\n<p><em>Thank you for using nginx.</em></p>\n</body>\n</html>\n`,
        { server: 'nginx/1.26.2' },
      ),
  },
  {
    id: 'distro-apache-default',
    kind: 'server_default',
    lang: 'en',
    make: () =>
      page(
        200,
        `<!DOCTYPE html><html><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><title>Apache2 Default Page: It works</title></head><body><div class="main_page"><div class="page_header floating_element"><span class="floating_element">Apache2 Default Page</span></div><div class="content_section floating_element"><div class="section_header section_header_red"><div id="about"></div>It works!</div><div class="content_section_text"><p>This is the default welcome page used to test the correct operation of the Apache2 server after installation on this system. If you can read this page, it means that the Apache HTTP server installed at this site is working properly. You should <b>replace this file</b> (located at <tt>/var/www/html/index.html</tt>) before continuing to operate your HTTP server.</p></div></div></div></body></html>`,
        { server: 'Apache/2.4.62' },
      ),
  },
  {
    id: 'iis-welcome',
    kind: 'server_default',
    lang: 'en',
    make: () =>
      page(
        200,
        `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd"><html xmlns="http://www.w3.org/1999/xhtml"><head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1" /><title>IIS Windows Server</title><style type="text/css">body{color:#000;background-color:#0072C6;margin:0;}</style></head><body><div id="container"><a href="http://go.microsoft.com/fwlink/?linkid=66138&amp;clcid=0x409"><img src="iisstart.png" alt="IIS" width="960" height="600" /></a></div></body></html>`,
        { server: 'Microsoft-IIS/10.0' },
      ),
  },
  {
    id: 'panel-placeholder-pt',
    kind: 'server_default',
    lang: 'pt',
    make: (c) =>
      page(
        200,
        `<html lang="pt-BR"><head><meta charset="utf-8"><title>Site em construção</title></head><body><center><h1>${esc(c.host)}</h1><h2>Em breve, um novo site aqui!</h2><p>Esta é a página padrão do servidor. Se você é o responsável por este domínio, publique seus arquivos na pasta <code>public_html</code> pelo painel de controle.</p></center></body></html>`,
      ),
  },
];

const PLATFORM_ERROR: AdversarialPage[] = [
  {
    id: 'paas-no-such-app',
    kind: 'platform_error',
    lang: 'en',
    make: () =>
      page(
        404,
        `<!DOCTYPE html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"><meta charset="utf-8"><title>No such app</title><style media="screen">html,body,iframe{margin:0;padding:0}html,body{height:100%;overflow:hidden}body iframe{width:100%;height:100%;border:0}</style></head><body><iframe src="//www.paas-cloud.example/error-pages/no-such-app.html"></iframe></body></html>`,
        { server: 'cowboy', via: '1.1 vegur', 'cache-control': 'no-cache, no-store' },
      ),
  },
  {
    id: 'static-host-site-not-found',
    kind: 'platform_error',
    lang: 'en',
    make: (c) =>
      page(
        404,
        `<!DOCTYPE html><html><head><meta http-equiv="Content-type" content="text/html; charset=utf-8"><title>Site not found · Pages</title><style type="text/css" media="screen">body{background-color:#f1f1f1;margin:0;font-family:"Helvetica Neue",Helvetica,Arial,sans-serif}.container{margin:50px auto 40px auto;width:600px;text-align:center}</style></head><body><div class="container"><h1>404</h1><p><strong>There isn't a Pages site here.</strong></p><p>If you're trying to publish one, <a href="https://docs.pages-host.example/publishing">read the full documentation</a> to learn how to set up <strong>Pages</strong> for your repository, organization, or user account.</p></div></body></html>`,
        { server: 'pages-host.example', ...pagesCdnHeaders(c.id) },
      ),
  },
  {
    id: 'edge-deployment-not-found',
    kind: 'platform_error',
    lang: 'en',
    make: (c) =>
      page(404, `The deployment could not be found on the edge network.\n\nDEPLOYMENT_NOT_FOUND\n\n${c.id}\n`, {
        'content-type': 'text/plain; charset=utf-8',
        'x-edge-error': 'DEPLOYMENT_NOT_FOUND',
        'x-edge-id': `fra1::${c.id.slice(0, 5)}-1795700000000-${c.id}${c.id}`,
        'cache-control': 'public, max-age=0, must-revalidate',
        'strict-transport-security': 'max-age=63072000',
      }),
  },
  {
    id: 'jamstack-page-not-found',
    kind: 'platform_error',
    lang: 'en',
    make: (c) =>
      page(
        404,
        `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Page not found</title></head><body><div class="card"><h1>Page not found</h1><p>Looks like you've followed a broken link or entered a URL that doesn't exist on this site.</p><p><a href="/">← Back to our site</a></p><hr><p class="small">If this is your site, and you weren't expecting a 404 for this path, please visit the "page not found" support guide for troubleshooting tips.</p></div></body></html>`,
        {
          server: 'static-cdn',
          'cache-control': 'private, max-age=0',
          age: '0',
          'strict-transport-security': 'max-age=31536000',
          'x-nf-request-id': `01JD${c.id.toUpperCase()}${c.id.toUpperCase()}${c.id.slice(0, 6).toUpperCase()}`,
        },
      ),
  },
  {
    id: 'cloud-app-stopped-nl',
    kind: 'platform_error',
    lang: 'nl',
    make: () =>
      page(
        403,
        `<!DOCTYPE html><html lang="nl"><head><title>Web-app gestopt</title></head><body><h1>Error 403 - Deze web-app is gestopt.</h1><p>De web-app die u probeert te bereiken is gestopt door de eigenaar. Neem contact op met de beheerder van de site.</p></body></html>`,
      ),
  },
  {
    id: 'bucket-no-such-key',
    kind: 'platform_error',
    lang: '-',
    make: (c) => ({
      status: 404,
      headers: {
        'content-type': 'application/xml',
        server: 'AmazonS3',
        'x-amz-request-id': `${c.id}${c.id}`.toUpperCase(),
        'x-amz-id-2': `${c.id}${c.id}${c.id}${c.id}${c.id}=`,
      },
      body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchBucket</Code><Message>The specified bucket does not exist</Message><BucketName>${esc(c.host)}</BucketName><RequestId>${c.id}</RequestId></Error>`,
    }),
  },
  {
    id: 'hosting-suspended-tr',
    kind: 'platform_error',
    lang: 'tr',
    make: () =>
      page(
        200,
        `<html lang="tr"><head><meta charset="utf-8"><title>Hesap Askıya Alındı</title></head><body><div style="text-align:center;margin-top:80px"><h1>Bu hesap askıya alınmıştır.</h1><p>Lütfen barındırma sağlayıcınızla iletişime geçin.</p></div></body></html>`,
      ),
  },
];

const AGE_GATE: AdversarialPage[] = [
  {
    id: 'age-gate-en',
    kind: 'age_gate',
    lang: 'en',
    make: (c) =>
      page(
        200,
        `<!DOCTYPE html><html><head><title>Age verification</title></head><body class="agegate"><div class="modal"><h2>Are you 18 or older?</h2><p>This website contains material intended for adults. By entering you confirm that you are of legal age in your country.</p><form method="post" action="/agegate/confirm"><input type="hidden" name="next" value="${esc(c.path)}"><button name="answer" value="yes">Yes, enter</button> <button name="answer" value="no">No, leave</button></form></div></body></html>`,
      ),
  },
  {
    id: 'age-gate-birthdate-de',
    kind: 'age_gate',
    lang: 'de',
    make: () =>
      page(
        200,
        `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>Altersprüfung</title></head><body><section class="age-check"><h1>Bitte bestätige dein Alter</h1><p>Um diese Inhalte zu sehen, musst du mindestens 18 Jahre alt sein. Gib dein Geburtsdatum ein:</p><form><select name="tag"><option>1</option></select><select name="monat"><option>Januar</option></select><input name="jahr" placeholder="JJJJ"><button>Weiter</button></form></section></body></html>`,
      ),
  },
  {
    id: 'age-gate-ja',
    kind: 'age_gate',
    lang: 'ja',
    make: () =>
      page(
        200,
        `<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><title>年齢確認</title></head><body><div id="age"><p>ここから先は成人向けのコンテンツを含みます。あなたは18歳以上ですか？</p><a href="?adult=1" class="yes">はい</a> <a href="https://www.example.org/" class="no">いいえ</a></div></body></html>`,
      ),
  },
];

const SCRIPT_HOP: AdversarialPage[] = [
  {
    id: 'meta-refresh-to-login',
    kind: 'script_hop',
    lang: 'en',
    make: (c) =>
      page(
        200,
        `<html><head><meta http-equiv="refresh" content="0;URL='/signin?ret=${encodeURIComponent(c.path)}'"><title>Redirecting</title></head><body>You are being redirected. <a href="/signin">Click here</a> if nothing happens.</body></html>`,
      ),
  },
  {
    id: 'script-hop-to-human-check',
    kind: 'script_hop',
    lang: 'en',
    make: (c) =>
      page(
        200,
        `<!doctype html><html><head><title>One moment…</title></head><body><p>Loading…</p><script>var r=encodeURIComponent("${esc(c.path)}");window.location.href="/verify-human?return="+r;</script></body></html>`,
      ),
  },
  {
    id: 'meta-refresh-off-site-pl',
    kind: 'script_hop',
    lang: 'pl',
    make: () =>
      page(
        200,
        `<html lang="pl"><head><meta charset="utf-8"><meta content="1; url=https://portal-logowania.example/auth?src=forum" http-equiv="refresh"><title>Przekierowanie</title></head><body><p>Za chwilę nastąpi przekierowanie do strony logowania…</p></body></html>`,
      ),
  },
  {
    id: 'js-replace-gate-it',
    kind: 'script_hop',
    lang: 'it',
    make: () =>
      page(
        200,
        `<!DOCTYPE html><html lang="it"><head><meta charset="utf-8"><title>Attendere prego</title><script>location.replace('/controllo/captcha?dest=profilo')</script></head><body><p>Stiamo verificando il tuo browser…</p></body></html>`,
      ),
  },
];

const LOGIN_REQUIRED: AdversarialPage[] = [
  {
    id: 'forum-guests-en',
    kind: 'login_required',
    lang: 'en',
    make: (c) =>
      page(
        200,
        `<!DOCTYPE html><html><head><title>${esc(c.host)} - Information</title></head><body><table class="tborder"><tr><td class="thead">Information</td></tr><tr><td class="trow1">Guests cannot view member profiles on this board. Please register an account or sign in with your existing one to continue.<br><a href="member.php?action=register">Register</a> | <a href="member.php?action=login">Login</a></td></tr></table></body></html>`,
      ),
  },
  {
    id: 'forum-ru-only-members',
    kind: 'login_required',
    lang: 'ru',
    make: () =>
      page(
        200,
        `<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"><title>Информация</title></head><body><div class="panel"><h2>Информация</h2><p>Просматривать профили пользователей могут только зарегистрированные участники. Пожалуйста, <a href="/ucp.php?mode=register">зарегистрируйтесь</a> или <a href="/ucp.php?mode=enter">войдите</a>.</p></div></body></html>`,
      ),
  },
  {
    id: 'community-private-pt',
    kind: 'login_required',
    lang: 'pt',
    make: () =>
      page(
        200,
        `<html lang="pt"><head><meta charset="utf-8"><title>Comunidade privada</title></head><body><main><h1>Esta comunidade é privada</h1><p>Apenas membros aprovados podem ver perfis e publicações. <a href="/entrar">Entrar</a> · <a href="/pedir-acesso">Pedir acesso</a></p></main></body></html>`,
      ),
  },
  {
    id: 'wiki-private-es',
    kind: 'login_required',
    lang: 'es',
    make: () =>
      page(
        200,
        `<html lang="es"><head><meta charset="utf-8"><title>Acceso restringido</title></head><body><div id="content"><h1>Acceso restringido</h1><p>Necesitas identificarte para ver esta página. Los perfiles de usuario solo son visibles para miembros.</p><p><a href="/index.php?title=Especial:Entrar">Identificarse</a></p></div></body></html>`,
      ),
  },
];

const APP_SHELL: AdversarialPage[] = [
  {
    id: 'react-shell',
    kind: 'app_shell',
    lang: '-',
    make: () =>
      page(
        200,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"/><link rel="icon" href="/favicon.ico"/><meta name="viewport" content="width=device-width,initial-scale=1"/><title>App</title><script defer="defer" src="/static/js/main.8f2a1c.js"></script><link href="/static/css/main.3b1e.css" rel="stylesheet"></head><body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div></body></html>`,
      ),
  },
  {
    id: 'vue-shell-zh',
    kind: 'app_shell',
    lang: 'zh',
    make: () =>
      page(
        200,
        `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>加载中</title><script type="module" crossorigin src="/assets/index-4c1d.js"></script></head><body><div id="app"></div><noscript>请启用 JavaScript 以继续使用本站。</noscript></body></html>`,
      ),
  },
  {
    id: 'angular-shell',
    kind: 'app_shell',
    lang: '-',
    make: () =>
      page(
        200,
        `<!doctype html><html lang="en" data-critters-container><head><meta charset="utf-8"><title></title><base href="/"><link rel="stylesheet" href="styles.9b1d.css"></head><body><app-root></app-root><script src="runtime.1a.js" type="module"></script><script src="main.77c.js" type="module"></script></body></html>`,
      ),
  },
];

const CAPTCHA: AdversarialPage[] = [
  {
    id: 'puzzle-captcha-en',
    kind: 'captcha',
    lang: 'en',
    make: (c) =>
      page(
        200,
        `<!DOCTYPE html><html><head><title>Security check</title><script src="https://puzzle-guard.example/v3/widget.js"></script></head><body><div class="sg-box"><h3>Slide the piece to complete the puzzle</h3><div class="sg-slider" data-ticket="${c.id}"></div><p>We need to make sure this traffic is coming from a person.</p></div></body></html>`,
      ),
  },
  {
    id: 'slider-captcha-zh',
    kind: 'captcha',
    lang: 'zh',
    make: (c) =>
      page(
        200,
        `<!DOCTYPE html><html lang="zh"><head><meta charset="utf-8"><title>安全验证</title></head><body><div id="nc_1_wrapper"><p>请完成下方安全验证后继续访问</p><div class="slider" data-token="${c.id}">向右滑动验证</div></div><script src="/static/verify.min.js"></script></body></html>`,
      ),
  },
  {
    id: 'image-captcha-tr',
    kind: 'captcha',
    lang: 'tr',
    make: () =>
      page(
        200,
        `<html lang="tr"><head><meta charset="utf-8"><title>Güvenlik Doğrulaması</title></head><body><form method="post" action="/dogrula"><p>Devam etmek için lütfen resimdeki karakterleri girin.</p><img src="/guvenlik/resim.jpg" alt="doğrulama"><input name="kod"><button>Gönder</button></form></body></html>`,
      ),
  },
];

/** A minimal PNG (1×1, transparent): bytes, not text. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

const TRANSPORT: AdversarialPage[] = [
  {
    id: 'image-instead-of-page',
    kind: 'transport',
    lang: '-',
    make: () => ({ status: 200, headers: { 'content-type': 'image/png', 'cache-control': 'max-age=3600' }, body: PNG }),
  },
  {
    id: 'octet-stream-instead-of-page',
    kind: 'transport',
    lang: '-',
    make: () => ({
      status: 200,
      headers: { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment; filename="download"' },
      body: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0]),
    }),
  },
  {
    id: 'redirect-to-app-scheme',
    kind: 'transport',
    lang: '-',
    make: (c) => ({
      status: 302,
      headers: { location: `appstore-open://id${c.id}?from=web`, 'content-type': 'text/html' },
      body: '',
    }),
  },
  {
    id: 'redirect-to-intent',
    kind: 'transport',
    lang: '-',
    make: (c) => ({
      status: 301,
      headers: { location: `intent://${c.host}${c.path}#Intent;scheme=https;package=com.example.app;end` },
      body: '',
    }),
  },
  {
    id: 'redirect-to-parked-host',
    kind: 'transport',
    lang: '-',
    make: (c) => ({
      status: 302,
      headers: { location: `https://lander.parking-network.example/?domain=${apex(c.host)}&subid=${c.id}` },
      body: '',
    }),
  },
  {
    id: 'redirect-to-signin',
    kind: 'transport',
    lang: '-',
    make: (c) => ({ status: 302, headers: { location: `/signin?next=${encodeURIComponent(c.path)}` }, body: '' }),
  },
  {
    id: 'redirect-to-itself',
    kind: 'transport',
    lang: '-',
    make: (c) => ({ status: 301, headers: { location: `https://${c.host}${c.path}` }, body: '' }),
  },
];

/** Second batch (issue 30, decision 105): written later, again without looking at the engine's tables. */
const SECOND_BATCH: AdversarialPage[] = [
  {
    id: 'parking-ko',
    kind: 'parking',
    lang: 'ko',
    make: (c) =>
      page(
        200,
        `<!DOCTYPE html><html lang="ko"><head><meta charset="utf-8"><title>${apex(c.host)} | 프리미엄 도메인 판매</title></head><body><div class="box"><h1>${apex(c.host)}</h1><p>이 도메인은 현재 판매 중입니다. 구매를 원하시면 아래 양식으로 문의해 주세요.</p><form action="https://domain-market.example/inquiry" method="post"><input name="email" placeholder="이메일"><input name="offer" placeholder="희망 가격 (원)"><button>문의하기</button></form><p class="note">에스크로를 통한 안전한 거래를 보장합니다.</p></div></body></html>`,
      ),
  },
  {
    id: 'parking-it-ads',
    kind: 'parking',
    lang: 'it',
    make: (c) =>
      page(
        200,
        `<html lang="it"><head><meta charset="utf-8"><title>${apex(c.host)}</title><script async src="https://annunci-sponsorizzati.example/lander.js"></script></head><body><div id="lander"><p class="sub">Il dominio ${apex(c.host)} potrebbe essere in vendita.</p><h2>Ricerche correlate</h2><ol><li><a href="/?kw=voli+economici">Voli economici</a></li><li><a href="/?kw=mutui+online">Mutui online</a></li><li><a href="/?kw=corsi+di+inglese">Corsi di inglese</a></li></ol></div></body></html>`,
      ),
  },
  {
    id: 'server-default-congrats-en',
    kind: 'server_default',
    lang: 'en',
    make: () =>
      page(
        200,
        `<!DOCTYPE html><html><head><title>Default page</title><style>body{font:16px/1.5 sans-serif;max-width:40em;margin:4em auto}</style></head><body><h1>Congratulations, the server is up</h1><p>You are seeing this page because no site has been configured for this address yet. Replace <code>/srv/www/index.html</code> or add a site block to the configuration file, then reload the service.</p><p>This page is served by the package's default configuration.</p></body></html>`,
        { server: 'httpd' },
      ),
  },
  {
    id: 'server-default-es',
    kind: 'server_default',
    lang: 'es',
    make: (c) =>
      page(
        200,
        `<html lang="es"><head><meta charset="utf-8"><title>Página predeterminada del servidor</title></head><body><h1>¡Funciona!</h1><p>El servidor web de <b>${esc(c.host)}</b> está en marcha, pero todavía no hay contenido publicado.</p><p>Si eres el administrador, sube tus archivos a la carpeta <code>htdocs</code> mediante FTP o el panel de alojamiento.</p></body></html>`,
      ),
  },
  {
    id: 'platform-app-missing-fr',
    kind: 'platform_error',
    lang: 'fr',
    make: (c) =>
      page(
        404,
        `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>Application introuvable</title></head><body><main><h1>Application introuvable</h1><p>Aucune application n'est déployée à cette adresse. Vérifiez le nom de domaine configuré dans la console de votre hébergeur, ou déployez une nouvelle version.</p><p class="code">Code : APP_NOT_DEPLOYED</p></main></body></html>`,
        { server: 'edge-fr', 'cache-control': 'no-cache', 'x-request-id': `${c.id}-${c.id.slice(0, 4)}-${c.id}` },
      ),
  },
  {
    id: 'platform-service-gone-de',
    kind: 'platform_error',
    lang: 'de',
    make: () =>
      page(
        410,
        `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>Dienst eingestellt</title></head><body><h1>Dieser Dienst wurde eingestellt</h1><p>Das unter dieser Adresse betriebene Angebot ist nicht mehr verfügbar. Der Betreiber hat das Hosting-Paket gekündigt.</p></body></html>`,
      ),
  },
  {
    id: 'maintenance-ar',
    kind: 'placeholder',
    lang: 'ar',
    make: () =>
      page(
        200,
        `<!DOCTYPE html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><title>الموقع تحت الصيانة</title></head><body><div class="wrap"><h1>نعود قريبًا</h1><p>نقوم حاليًا ببعض أعمال الصيانة المجدولة. شكرًا لصبركم، سيعود الموقع للعمل خلال وقت قصير.</p></div></body></html>`,
      ),
  },
  {
    id: 'coming-soon-vi',
    kind: 'placeholder',
    lang: 'vi',
    make: (c) =>
      page(
        200,
        `<!DOCTYPE html><html lang="vi"><head><meta charset="utf-8"><title>Sắp ra mắt</title></head><body><section><h1>Trang web sắp ra mắt</h1><p>Chúng tôi đang xây dựng một điều gì đó tuyệt vời. Đăng ký để nhận thông báo khi ${esc(apex(c.host))} chính thức hoạt động.</p><form><input type="email" placeholder="Địa chỉ email"><button>Đăng ký</button></form><p id="countdown" data-until="2027-01-01">00:00:00</p></section></body></html>`,
      ),
  },
  {
    id: 'dev-server-invalid-host-400',
    kind: 'request_error',
    lang: 'en',
    make: () => ({
      status: 400,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      body: 'Invalid Host header',
    }),
  },
  {
    id: 'proxy-header-too-large-400',
    kind: 'request_error',
    lang: 'en',
    make: () =>
      page(
        400,
        `<html><head><title>400 Request Header Or Cookie Too Large</title></head><body><center><h1>400 Bad Request</h1></center><center>Request Header Or Cookie Too Large</center><hr><center>proxy</center></body></html>`,
      ),
  },
  {
    id: 'gateway-422-json-ru',
    kind: 'request_error',
    lang: 'ru',
    make: (c) => ({
      status: 422,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: `{"error":"Запрос не может быть обработан","code":"UNPROCESSABLE","trace":"${c.id}"}`,
    }),
  },
  {
    id: 'region-notice-hi',
    kind: 'notice',
    lang: 'hi',
    make: () =>
      page(
        200,
        `<!DOCTYPE html><html lang="hi"><head><meta charset="utf-8"><title>सूचना</title></head><body><div class="notice"><h2>क्षमा करें</h2><p>यह सामग्री आपके देश में उपलब्ध नहीं है। अधिक जानकारी के लिए सहायता केंद्र देखें।</p></div></body></html>`,
      ),
  },
  {
    id: 'cookie-wall-sv',
    kind: 'notice',
    lang: 'sv',
    make: () =>
      page(
        200,
        `<!DOCTYPE html><html lang="sv"><head><meta charset="utf-8"><title>Innan du fortsätter</title></head><body><div class="dialog" role="dialog"><h1>Innan du fortsätter</h1><p>Vi och våra partner använder kakor för att visa innehåll och mäta trafik. Välj om du godkänner alla kakor eller bara de nödvändiga.</p><form method="post" action="/samtycke"><button name="val" value="alla">Godkänn alla</button><button name="val" value="nodvandiga">Endast nödvändiga</button></form></div></body></html>`,
      ),
  },
  {
    id: 'script-hop-uk',
    kind: 'script_hop',
    lang: 'uk',
    make: () =>
      page(
        200,
        `<!DOCTYPE html><html lang="uk"><head><meta charset="utf-8"><title>Зачекайте…</title></head><body><p>Перенаправлення…</p><script>setTimeout(function(){window.location="/uvijty?povernutys=1"},50)</script></body></html>`,
      ),
  },
  {
    id: 'json-error-200',
    kind: 'transport',
    lang: '-',
    make: (c) => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: `{"status":"error","message":"route not found","request":"${c.id}"}`,
    }),
  },
  {
    id: 'svg-instead-of-page',
    kind: 'transport',
    lang: '-',
    make: () => ({
      status: 200,
      headers: { 'content-type': 'image/svg+xml' },
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><title>avatar</title><circle cx="32" cy="32" r="30" fill="#888"/></svg>',
    }),
  },
  {
    id: 'redirect-trailing-slash-chain',
    kind: 'transport',
    lang: '-',
    make: (c) => ({ status: 301, headers: { location: `${c.path.split('?')[0]}/` }, body: '' }),
  },
];

/**
 * A third batch (decision 118): hosting platforms' 404s whose headers share a lot with ordinary sites' —
 * a router behind the same CDN many sites use, a JSON edge answer, a shared host's nginx — with the headers
 * such platforms send (public `curl -I` records and incident reports: a no-server routing header, an edge's
 * fallback and request-id headers).
 */
const THIRD_BATCH: AdversarialPage[] = [
  {
    id: 'paas-no-server-behind-cdn',
    kind: 'platform_error',
    lang: 'en',
    make: (c) =>
      page(
        404,
        `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Not Found</title></head><body><h1>Not Found</h1><p>There is no service at this address right now.</p></body></html>`,
        {
          server: 'cloudflare',
          'cf-ray': `${c.id}${c.id}-FRA`,
          'cf-cache-status': 'DYNAMIC',
          'x-render-routing': 'no-server',
          vary: 'Accept-Encoding',
          'alt-svc': 'h3=":443"; ma=86400',
        },
      ),
  },
  {
    id: 'paas-edge-app-not-found-json',
    kind: 'platform_error',
    lang: 'en',
    make: (c) => ({
      status: 404,
      headers: {
        'content-type': 'application/json',
        server: 'railway-edge',
        'x-railway-fallback': 'true',
        'x-railway-request-id': `${c.id}${c.id}${c.id.slice(0, 6)}`,
      },
      body: `{"status":"error","code":404,"message":"Application not found","request_id":"${c.id}${c.id}"}`,
    }),
  },
  {
    id: 'shared-host-no-site-ja',
    kind: 'platform_error',
    lang: 'ja',
    make: (c) =>
      page(
        404,
        `<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><title>404 ページが見つかりません</title></head><body><h1>お探しのウェブサイトは見つかりませんでした</h1><p>${esc(c.host)} はこのサーバーで公開されていないか、契約が終了しています。ドメインの設定をご確認ください。</p></body></html>`,
        { server: 'nginx' },
      ),
  },
];

export const ADVERSARIAL_PAGES: readonly AdversarialPage[] = [
  ...PARKING,
  ...SERVER_DEFAULT,
  ...PLATFORM_ERROR,
  ...AGE_GATE,
  ...SCRIPT_HOP,
  ...LOGIN_REQUIRED,
  ...APP_SHELL,
  ...CAPTCHA,
  ...TRANSPORT,
  ...SECOND_BATCH,
  ...THIRD_BATCH,
];

/** The corpus page `id` for one request, or undefined when there is none by that id. */
export function adversarialPage(id: string, context: PageContext): CannedResponse | undefined {
  return ADVERSARIAL_PAGES.find((p) => p.id === id)?.make(context);
}
