/**
 * Turkish for everything the server can say to a user (issue 27 item 18): every message of the contracts'
 * message tables (typed as complete records, so a new message without Turkish does not compile), the
 * server's own fixed messages, and a general message per error code (server-text.test.ts fails when a code
 * the server can send lacks one). Loaded only for Turkish.
 */
import {
  ACCOUNT_MESSAGES,
  ADMIN_MESSAGES,
  API_KEY_MESSAGES,
  BILLING_MESSAGES,
  EMAIL_PLUS_MESSAGES,
  EMAIL_SEARCH_MESSAGES,
  SEARCH_MESSAGES,
  SUBSCRIBE_MESSAGES,
  WATCH_MESSAGES,
  WEBHOOK_MESSAGES,
} from '@hound/contracts';
import { ACCOUNT_RULES_TR } from './account-rules.ts';
import { billingTr } from './billing-tr.ts';
import type { ServerTextTable } from './server-text.ts';
import { watchesTr } from './watches-tr.ts';

type Table<T> = Record<keyof T, string>;

/** The account pages' own Turkish (account-rules.ts) is the Turkish of ACCOUNT_MESSAGES. */
export const ACCOUNT_TR: Table<typeof ACCOUNT_MESSAGES> = ACCOUNT_RULES_TR;

export const ADMIN_TR: Table<typeof ADMIN_MESSAGES> = {
  userNotFound: 'Bu e-posta adresine sahip kullanıcı yok.',
  planPaidThroughStripe:
    'Bu müşteri Stripe üzerinden ödüyor; planı aboneliği izler. Planı Stripe üzerinden değiştirin veya iptal edin.',
  planGrantReason: 'Plan yönetici tarafından ayarlandı',
  creditsRange: 'Kredi 1 ile 1000 arasında bir tam sayı olmalıdır.',
  insufficientCredits: 'Kullanıcının yalnızca {available} kredisi var.',
  lastAdmin: 'Son yönetici sizsiniz: yönetici yetkiniz kaldırılmadan önce başka bir yönetici olmalıdır.',
  failedToUpdatePlan: 'Plan güncellenemedi',
  failedToFetchUsers: 'Kullanıcı özeti alınamadı',
  defaultGrantReason: 'Yönetici tarafından eklendi',
  defaultDeductReason: 'Yönetici tarafından düşüldü',
  keyReused:
    'Bu Idempotency-Key başka bir kredi değişikliği için (başka kullanıcı, yön veya miktar) zaten kullanıldı. Yeni bir anahtar gönderin.',
};

export const SUBSCRIBE_TR: Table<typeof SUBSCRIBE_MESSAGES> = {
  success: 'Başarıyla abone oldunuz',
  emptyTitle: 'Doğrulama Hatası',
  empty: 'Lütfen e-posta adresinizi girin',
  invalidTitle: 'Geçersiz E-posta',
  invalid: 'Lütfen geçerli bir e-posta adresi girin',
  tooMany: 'Çok fazla istek. Lütfen daha sonra tekrar deneyin.',
};

export const API_KEY_TR: Table<typeof API_KEY_MESSAGES> = {
  invalid: 'Geçersiz veya iptal edilmiş API anahtarı.',
  wrongRoute: 'API anahtarları yalnızca /api/v1 altında çalışır. Hizmetin geri kalanı için giriş yapın.',
  scope: 'Bu API anahtarı bu çağrının gerektirdiği yetkiye sahip değil',
  notFound: 'Böyle bir API anahtarı yok.',
  tooMany: 'Bu hesap, planının izin verdiği kadar API anahtarına zaten sahip.',
  planRequired: 'Bu hesabın planı API erişimi içermiyor.',
  revoked: 'Bu API anahtarı iptal edildi.',
  rateLimited: 'Bu API anahtarıyla çok fazla istek yapıldı. Sınır sıfırlanana kadar bekleyin.',
  dailyLimit: 'Bu API anahtarı bugünkü aramalarını kullandı (UTC günü).',
  idempotencyRequired:
    'Idempotency-Key başlığı gerekli: aynı anahtarla yapılan bir yeniden deneme ikinci bir kredi harcamaz.',
};

export const WEBHOOK_TR: Table<typeof WEBHOOK_MESSAGES> = {
  urlInvalid: 'Webhook adresi herkese açık bir sunucunun https:// adresi olmalıdır.',
  urlPrivate: 'Webhook adresi özel veya iç bir adrese gidiyor; webhook’ları yalnızca herkese açık sunucular alabilir.',
  urlUnresolvable: 'Webhook adresinin sunucu adı çözümlenemedi.',
  tooMany: 'Bir hesabın en fazla 10 webhook uç noktası olabilir.',
  notFound: 'Böyle bir webhook uç noktası yok.',
  deliveryNotFound: 'Böyle bir teslimat yok.',
  testFailed: 'Uç nokta deneme olayını kabul etmedi',
  notVerified: 'Önce uç noktayı bir deneme olayıyla doğrulayın.',
};

export const SEARCH_TR: Table<typeof SEARCH_MESSAGES> = {
  unsupportedCharacters: 'Yalnızca harf kullanın. Özel karakter kullanmayın.',
  tooManyActive: 'Çok fazla etkin arama var. Lütfen biraz bekleyip tekrar deneyin.',
  busy: 'Sistem şu anda meşgul, lütfen daha sonra tekrar deneyin',
  deviceLimit: 'Cihaz arama sınırına ulaşıldı',
  unexpected: 'Beklenmeyen bir hata oluştu',
};

export const EMAIL_PLUS_TR: Table<typeof EMAIL_PLUS_MESSAGES> = {
  orderNotFound: 'Böyle bir Email Plus siparişi yok.',
  notOpen: 'Bu sipariş zaten kapatılmış.',
  reportEmpty: 'Teslim etmeden önce en azından tam adı veya notları yazın.',
  reasonRequired: 'Müşteriye bir neden yazın (5–1000 karakter).',
  refundFailed: 'İade başarısız oldu; sipariş değişmedi.',
  refunded: 'Bu siparişin ödemesi iade edildi; rapor teslim edilemez.',
  disputed: 'Bu siparişin ödemesine itiraz edildi; itiraz kapanana kadar teslimat bekletiliyor.',
  disputeLost: 'Bu siparişin ödemesi bir itirazla geri alındı; rapor teslim edilemez.',
};

/** The billing catalogue's server messages (billing-tr.ts) are the Turkish of BILLING_MESSAGES. */
export const BILLING_TR: Table<typeof BILLING_MESSAGES> = billingTr.server;

export const WATCH_TR: Table<typeof WATCH_MESSAGES> = watchesTr.server;

export const EMAIL_SEARCH_TR: Table<typeof EMAIL_SEARCH_MESSAGES> = {
  empty: 'Lütfen bir e-posta adresi girin',
  invalid: 'Geçersiz e-posta. En fazla 70 karakter; $ / \\ " karakterlerine izin verilmez.',
  malformed: 'ad@ornek.com gibi geçerli bir e-posta adresi girin.',
  notEnoughCredits: 'Yeterli kredi yok',
  unableToVerifyCredits: 'Krediler doğrulanamadı',
  failedToDecrement: 'Kredi düşülemedi',
  unableToDecrement: 'Kredi düşülemiyor',
  searchFailed: 'Arama başarısız',
  signIn: 'Devam etmek için lütfen giriş yapın',
  notReady: 'E-posta kontrolleri hâlâ yükleniyor. Lütfen bir dakika sonra tekrar deneyin.',
  tooManyActive: 'Şu anda çalışan {count} e-posta aramanız var. Biri bittiğinde yenisini başlatın.',
};

/**
 * The server's fixed messages that are not in the contracts (they live next to the code that sends them:
 * searches, streams, the error handler, the engine). The English must match the server's exactly.
 */
export const SERVER_FIXED_TR: ReadonlyArray<readonly [string, string]> = [
  ['Server error. Please try again later.', 'Sunucu hatası. Lütfen daha sonra tekrar deneyin.'],
  ['The search failed. Please try again later.', 'Arama başarısız oldu. Lütfen daha sonra tekrar deneyin.'],
  [
    'The search was interrupted and could not be finished. Please search again.',
    'Arama kesildi ve tamamlanamadı. Lütfen yeniden arayın.',
  ],
  [
    'The search was interrupted. Your credit was returned; please search again.',
    'Arama kesildi. Krediniz iade edildi; lütfen yeniden arayın.',
  ],
  [
    'The search could not be queued. Please try again later.',
    'Arama sıraya alınamadı. Lütfen daha sonra tekrar deneyin.',
  ],
  [
    'Site catalogues are still loading. Please try again in a minute.',
    'Site katalogları hâlâ yükleniyor. Lütfen bir dakika sonra tekrar deneyin.',
  ],
  ['No site matches the chosen categories.', 'Seçilen kategorilerle eşleşen site yok.'],
  [
    'The service is temporarily unavailable. Please try again in a minute.',
    'Hizmet geçici olarak kullanılamıyor. Lütfen bir dakika sonra tekrar deneyin.',
  ],
  ['This request came from another site and was refused.', 'Bu istek başka bir siteden geldiği için reddedildi.'],
  [
    'Too many open event streams from this address. Close some and try again.',
    'Bu adresten çok fazla canlı bağlantı açık. Bazılarını kapatıp tekrar deneyin.',
  ],
  [
    'Too many open event streams from this device. Close some and try again.',
    'Bu cihazdan çok fazla canlı bağlantı açık. Bazılarını kapatıp tekrar deneyin.',
  ],
  [
    'Too many open event streams on this search. Try again in a moment.',
    'Bu aramada çok fazla canlı bağlantı açık. Birazdan tekrar deneyin.',
  ],
  [
    'This looks like an email address. Username search checks profile names on sites, not addresses: to search the name part, enter it without the @domain.',
    'Bu bir e-posta adresine benziyor. Kullanıcı adı araması sitelerdeki profil adlarını kontrol eder, adresleri değil: ad kısmını aramak için @alan adı olmadan girin.',
  ],
  [
    'No search with this id (searches are kept for a limited time).',
    'Bu kimlikle bir arama yok (aramalar sınırlı bir süre saklanır).',
  ],
  ['No such email search.', 'Böyle bir e-posta araması yok.'],
  ['No such email lead.', 'Böyle bir e-posta ipucu yok.'],
  ['Sign in to see the tree of your email search.', 'E-posta aramanızın ağacını görmek için giriş yapın.'],
  ['No such search.', 'Böyle bir arama yok.'],
  ['No such checkout.', 'Böyle bir ödeme yok.'],
  ['No such user.', 'Böyle bir kullanıcı yok.'],
  [
    'Stripe did not confirm the refund; the order stays refused. Check the payment in the Stripe dashboard.',
    'Stripe iadeyi onaylamadı; sipariş reddedilmiş olarak kalır. Ödemeyi Stripe panelinden kontrol edin.',
  ],
];

/**
 * A general message for each error code a user can receive (the `code` of the server's error body). Codes
 * only operators or Stripe meet (start-up configuration, the data-directory lock, webhooks, metrics, site
 * icons) are left out; server-text.test.ts lists them.
 */
export const CODES_TR: Readonly<Record<string, string>> = {
  VALIDATION_FAILED: 'İstek geçersiz. Lütfen girdiğiniz bilgileri kontrol edip tekrar deneyin.',
  BAD_REQUEST: 'İstek geçersiz. Lütfen tekrar deneyin.',
  NOT_FOUND: 'Aranan kayıt bulunamadı.',
  PAGE_OUT_OF_RANGE: 'Sayfa numarası geçersiz veya çok büyük.',
  SEARCH_UNSUPPORTED_USERNAME: 'Yalnızca harf kullanın. Özel karakter kullanmayın.',
  SEARCH_EMAIL_NOT_SUPPORTED:
    'Bu bir e-posta adresine benziyor. E-posta adreslerini kullanıcı adı aramasıyla değil, e-posta aramasıyla arayın.',
  SEARCH_SCOPE_INVALID: 'Seçilen kategoriler veya siteler hiçbir siteyle eşleşmiyor.',
  SEARCH_TOO_MANY_ACTIVE: 'Çok fazla etkin arama var. Lütfen biraz bekleyip tekrar deneyin.',
  INVALID_INPUT: 'Girilen bilgiler geçersiz. Lütfen kontrol edip tekrar deneyin.',
  EMAIL_ADDRESS_INVALID: 'ad@ornek.com gibi geçerli bir e-posta adresi girin.',
  AUTH_INVALID_CODE: 'Geçersiz kod',
  AUTH_TOO_MANY_CODES: 'Çok fazla kod istendi. Lütfen bekleyip tekrar deneyin.',
  AUTH_TOO_MANY_ATTEMPTS: 'Çok fazla başarısız deneme. Lütfen bekleyip tekrar deneyin ya da kodla giriş yapın.',
  AUTH_BUSY: 'Aynı anda çok fazla giriş yapılıyor. Lütfen biraz sonra tekrar deneyin.',
  AUTH_INVALID_CREDENTIALS: 'E-posta veya parola geçersiz.',
  AUTH_REQUIRED: 'Devam etmek için lütfen giriş yapın',
  AUTH_ADMIN_REQUIRED: 'Yönetici yetkisi gerekli',
  AUTH_CROSS_SITE: 'Bu istek başka bir siteden geldiği için reddedildi.',
  RATE_LIMITED: 'Çok fazla istek. Lütfen biraz sonra tekrar deneyin.',
  TOO_MANY_STREAMS: 'Çok fazla canlı bağlantı açık. Bazı sekmeleri kapatıp tekrar deneyin.',
  CREDITS_INSUFFICIENT: 'Yeterli kredi yok',
  EMAIL_SEARCH_UNAVAILABLE: 'E-posta kontrolleri hâlâ yükleniyor. Lütfen bir dakika sonra tekrar deneyin.',
  EMAIL_SEARCH_FAILED: 'Arama başarısız',
  PAYMENTS_DISABLED: 'Bu sunucuda ödemeler ayarlanmamış.',
  PAYMENT_DECLINED: 'Kartınız reddedildi. Ücret alınmadı ve planınız değişmedi.',
  ADMIN_PLAN_FROM_STRIPE: 'Bu müşteri Stripe üzerinden ödüyor; planı aboneliği izler.',
  PAYMENT_PROVIDER_FAILED: 'Ödeme sağlayıcısı isteği tamamlayamadı. Lütfen tekrar deneyin.',
  PAYMENT_PROVIDER_UNAVAILABLE: 'Ödeme sağlayıcısı yanıt vermiyor. Lütfen bir dakika sonra tekrar deneyin.',
  BILLING_INVALID_PRICE: 'Bu fiyat burada sunulmuyor.',
  BILLING_CONFLICT: 'Bu işlem şu anda yapılamıyor. Sayfayı yenileyip tekrar deneyin.',
  EMAIL_PLUS_ORDER_CLOSED: 'Bu sipariş zaten kapatılmış.',
  EMAIL_PLUS_ORDER_REFUNDED: 'Bu siparişin ödemesi geri alındı; rapor teslim edilemez.',
  EMAIL_PLUS_ORDER_DISPUTED: 'Bu siparişin ödemesine itiraz edildi; itiraz kapanana kadar teslimat bekletiliyor.',
  EMAIL_SEARCH_TOO_MANY_ACTIVE: 'Çok fazla e-posta aramanız çalışıyor. Biri bittiğinde yenisini başlatın.',
  IDEMPOTENCY_KEY_REUSED: 'Bu Idempotency-Key başka bir istek için zaten kullanıldı. Yeni bir anahtar gönderin.',
  FORBIDDEN: 'Bu işlem için yetkiniz yok.',
  WATCH_PLAN_LIMIT: 'Planınız bu izlemeye izin vermiyor.',
  WATCH_EXISTS: watchesTr.server.exists,
  WATCH_RUN_OPEN: watchesTr.server.runOpen,
  WATCH_RUN_TOO_SOON: watchesTr.server.runTooSoon,
  WATCH_LINK_INVALID: watchesTr.server.badLink,
  SERVICE_UNAVAILABLE: 'Hizmet geçici olarak kullanılamıyor. Lütfen bir dakika sonra tekrar deneyin.',
  API_PLAN_REQUIRED: 'Bu hesabın planı API erişimi içermiyor.',
  API_KEYS_LIMIT: 'Bu hesap, planının izin verdiği kadar API anahtarına zaten sahip.',
  WEBHOOK_URL_INVALID: 'Webhook adresi herkese açık bir sunucunun https:// adresi olmalıdır.',
  WEBHOOK_URL_PRIVATE:
    'Webhook adresi özel veya iç bir adrese gidiyor; webhook’ları yalnızca herkese açık sunucular alabilir.',
  WEBHOOK_URL_UNRESOLVABLE: 'Webhook adresinin sunucu adı çözümlenemedi.',
  WEBHOOK_ENDPOINTS_LIMIT: 'Bir hesabın en fazla 10 webhook uç noktası olabilir.',
  WEBHOOK_TEST_FAILED: 'Uç nokta deneme olayını kabul etmedi.',
  WEBHOOK_NOT_VERIFIED: 'Önce uç noktayı bir deneme olayıyla doğrulayın.',
  INTERNAL: 'Sunucu hatası. Lütfen daha sonra tekrar deneyin.',
};

/** Each contracts table paired with its Turkish, key by key. */
const TABLES: Array<[Record<string, string>, Record<string, string>]> = [
  [ACCOUNT_MESSAGES, ACCOUNT_TR],
  [ADMIN_MESSAGES, ADMIN_TR],
  [SUBSCRIBE_MESSAGES, SUBSCRIBE_TR],
  [SEARCH_MESSAGES, SEARCH_TR],
  [EMAIL_PLUS_MESSAGES, EMAIL_PLUS_TR],
  [BILLING_MESSAGES, BILLING_TR],
  [EMAIL_SEARCH_MESSAGES, EMAIL_SEARCH_TR],
  [API_KEY_MESSAGES, API_KEY_TR],
  [WEBHOOK_MESSAGES, WEBHOOK_TR],
  [WATCH_MESSAGES, WATCH_TR],
];

export const serverTextTr: ServerTextTable = {
  byText: [
    ...TABLES.flatMap(([english, turkish]) =>
      Object.entries(english).map(([key, text]) => [text, turkish[key]!] as const),
    ),
    ...SERVER_FIXED_TR,
  ],
  byCode: CODES_TR,
};
