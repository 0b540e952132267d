/** Turkish catalogue (Türkçe). Same shape as en.ts; the spec's Turkish strings live here. */
import { accountTr } from './account-tr.ts';
import { adminTr } from './admin-tr.ts';
import { apiTr } from './api-tr.ts';
import { billingTr } from './billing-tr.ts';
import { creditsTr } from './credits-tr.ts';
import { emailAnswersTr } from './email-answers-tr.ts';
import { emailTr } from './email-tr.ts';
import { graphTr } from './graph-tr.ts';
import { leadsTr } from './leads-tr.ts';
import type { Messages } from './messages.ts';
import { watchesTr } from './watches-tr.ts';
export const tr: Messages = {
  brand: '{brand}',
  account: accountTr,
  admin: adminTr,
  api: apiTr,
  billing: billingTr,
  credits: creditsTr,
  emailAnswers: emailAnswersTr,
  email: emailTr,
  graph: graphTr,
  leads: leadsTr,
  watches: watchesTr,
  meta: {
    title: '{brand} — bir kullanıcı adının hangi sitelerde profili olduğunu bulun',
    description:
      '{brand}, bir kullanıcı adının hangi sitelerde profili olduğunu bulmak için binlerce siteyi canlı olarak kontrol eder. Açık kaynak, hesap gerektirmez, izleyici yok.',
  },
  common: {
    loading: 'Yükleniyor...',
  },
  header: {
    home: '{brand} ana sayfa',
    nav: 'Ana menü',
    library: 'Kütüphane',
    language: 'Dil',
    toLight: 'Açık temaya geç',
    toDark: 'Koyu temaya geç',
    skip: 'İçeriğe geç',
  },
  languages: {
    en: 'English',
    tr: 'Türkçe',
  },
  footer: {
    whatTitle: '{brand} nedir?',
    what: '{brand}, bir kullanıcı adının hangi sitelerde profili olduğunu bulan açık kaynaklı bir OSINT aracıdır. Sherlock, WhatsMyName ve Maigret kataloglarındaki siteleri aynı anda kontrol eder ve her yanıtı, dayandığı kanıtla birlikte geldiği anda gösterir.',
    howTitle: 'Nasıl kullanılır',
    howSteps: [
      'Arama kutusuna bir kullanıcı adı yazın.',
      'Ara düğmesine basın ve sonuçların akışını izleyin.',
      'Bağlantısını ve kanıtını görmek için bir sonucu açın.',
      'Filtreleyin, bağlantıları kopyalayın ya da her şeyi JSON veya CSV olarak dışa aktarın.',
    ],
    featuresTitle: 'Özellikler',
    features: [
      'Binlerce siteden canlı sonuçlar',
      'Bulundu, bulunamadı ve bilinmiyor — asla tahmin yok',
      'Her sonuç için kanıt',
      'Durum ve kategori filtreleri',
      'JSON ve CSV dışa aktarma',
      'Hesap yok, çerez yok, izleyici yok',
    ],
    linksTitle: 'Bağlantılar',
    pricing: 'Fiyatlar',
    terms: 'Şartlar ve Koşullar',
    privacy: 'Gizlilik Politikası',
    emailTerms: 'E-posta Şartları',
    contact: 'İletişim',
    licenses: 'Lisanslar',
    sherlock: 'GitHub’da Sherlock projesi',
    community: 'Topluluk',
    copyright: '© {year} {brand}. MIT lisansıyla açık kaynak.',
    dataCredit: 'Site verileri: Sherlock, WhatsMyName ve Maigret projeleri.',
  },
  crash: {
    title: 'Bir Hata Oluştu',
    text: 'Beklenmeyen bir hata bu sayfayı durdurdu. Devam etmek için lütfen sayfayı yenileyin; son aramalarınız korunur.',
    details: 'Teknik ayrıntılar',
    reload: 'Sayfayı Yenile',
  },
  hero: {
    eyebrow: 'Açık kaynaklı kullanıcı adı araması',
    title: 'Bir kullanıcı adının ardındaki tüm profilleri bulun',
    lead: '{brand} binlerce siteyi aynı anda kontrol eder ve bir kullanıcı adının nerede kayıtlı olduğunu, her yanıtın kanıtıyla birlikte canlı olarak gösterir.',
    leadCount:
      '{brand} {count} siteyi aynı anda kontrol eder ve bir kullanıcı adının nerede kayıtlı olduğunu, her yanıtın kanıtıyla birlikte canlı olarak gösterir.',
    points: ['Hesap gerekmez', 'Saniyeler içinde sonuç', 'Çerez ve izleyici yok'],
  },
  search: {
    label: 'Kullanıcı adı',
    placeholder: 'Aranacak kullanıcı adını girin...',
    clear: 'Girişi temizle',
    submit: 'Ara',
    recent: 'Son aramalar ({count})',
    clearAll: 'Tümünü temizle',
    resultCount: { one: '{count} sonuç', other: '{count} sonuç' },
    emailHint:
      'Bu bir e-posta adresine benziyor. {brand} kullanıcı adlarını arar; @ kısmı hiçbir profil adıyla eşleşmez.',
    emailSearchLocal: 'Bunun yerine “{username}” ara',
    emailSearchAddress: 'Bu adresi {brand} Email ile ara',
    empty: 'Önce bir kullanıcı adı yazın: aramanın arayacağı bir ada ihtiyacı var.',
    options: 'Arama seçenekleri: birden çok ad, varyantlar, hangi siteler',
    scope: {
      title: 'Hangi siteler',
      hint: 'Varsayılan olarak yetişkin siteleri dışındaki tüm güvenilir siteler aranır.',
      nsfw: 'Yetişkin (NSFW) siteleri de dahil et',
      sites: 'Yalnızca bu siteler (adlar, virgülle ayrılmış)',
      sitesPlaceholder: 'GitHub, Reddit',
      categories: 'Yalnızca bu kategoriler',
    },
    severalHint:
      'Birden çok kullanıcı adı aramak için adları virgülle ayırın (en fazla {max}): her biri kendi adresiyle, sırayla çalışan ayrı bir aramadır.',
    variants:
      'Varyantları da ara: adın parçaları _, -, . ile ve bitişik birleştirilir (ali veli → ali_veli, ali-veli, ali.veli, aliveli).',
  },
  progress: {
    label: 'Arama ilerlemesi',
    starting: 'Arama başlatılıyor…',
    opening: 'Kayıtlı arama açılıyor…',
    openingHint: 'Sonuçları yükleniyor: hiçbir şey yeniden aranmıyor.',
    queued: 'Boş bir sıra bekleniyor…',
    running: 'Siteler kontrol ediliyor…',
    completed: 'Arama {seconds} sn içinde tamamlandı',
    cancelled: 'Arama iptal edildi',
    stopped: 'Arama durdu',
    expected:
      'Tüm siteler aynı anda kontrol edilir, bu yüzden çoğu arama bir dakikadan kısa sürer: hızı en yavaş site belirler.',
    remaining: 'Mevcut hızla yaklaşık {seconds} sn kaldı.',
    completedHint: 'Bağlantısını ve dayandığı kanıtı görmek için bir sonucu açın.',
    cancelledHint: 'İptal etmeden önce kontrol edilen siteler aşağıda listelenir.',
    seconds: '{seconds} sn',
    cancel: 'İptal',
    valueText: '{total} sitenin {done} tanesi kontrol edildi',
    checked: 'Kontrol edilen',
    found: 'Bulunan',
    elapsed: 'Geçen süre',
    speed: 'Hız',
    perSecond: '{rate} site/sn',
    whileWaiting: 'Beklerken sorunuz mu var?',
    afterwards: 'Bir sonuçla ilgili sorunuz mu var?',
    community: 'Topluluğa sorun',
    emailSearchPrompt: 'E-posta adresi de mi var?',
    emailSearch: 'E-posta aramasını deneyin',
  },
  results: {
    title: '"{username}" için sonuçlar',
    summary: '{platforms}da {found} bulundu. ({notFound} bulunamadı)',
    profiles: { one: '{count} profil', other: '{count} profil' },
    platforms: { one: '{count} platform', other: '{count} platform' },
    unknownSummary: {
      one: '{count} site kontrol edilemedi: {reasons}. Bilinmiyor altında listelenir, asla bulunamadı sayılmaz.',
      other:
        '{count} site kontrol edilemedi: {reasons}. Bilinmiyor altında listelenirler, asla bulunamadı sayılmazlar.',
    },
    invalidSummary: {
      one: 'Bu kullanıcı adı orada geçerli olmadığı için {count} site atlandı (Bilinmiyor altında).',
      other: 'Bu kullanıcı adı orada geçerli olmadığı için {count} site atlandı (Bilinmiyor altında).',
    },
    exportJson: 'JSON olarak aktar',
    exportCsv: 'CSV olarak aktar',
    error: 'Hata',
    waiting: 'Bulunan profiller, her site yanıt verir vermez burada görünür.',
    noMatch: 'Mevcut filtrelerinizle eşleşen sonuç yok.',
    conflictSummary: {
      one: '{count} sitede kataloglar çelişiyor (biri bulundu, diğeri bulunamadı diyor): her birinin sonucuyla Bilinmiyor altında listelenir.',
      other:
        '{count} sitede kataloglar çelişiyor (biri bulundu, diğeri bulunamadı diyor): her birinin sonucuyla Bilinmiyor altında listelenirler.',
    },
    exportXlsx: 'XLSX olarak aktar',
    exportHtml: 'HTML raporu',
    printView: 'Yazdırma görünümü',
    exportScope: 'Aktar',
    scopeShown: 'Gösterilen ({count})',
    scopeAll: 'Tümü ({count})',
    exportHint: 'Dışa aktarmalar, rapor ve yazdırma görünümü burada seçilen sonuçları içerir.',
    copyFound: 'Bulunan bağlantıları kopyala ({count})',
    copiedFound: { one: '{count} bağlantı kopyalandı', other: '{count} bağlantı kopyalandı, her satırda bir tane' },
    openFound: 'Bulunanların tümünü aç ({count})',
    openFoundHint:
      'Bulunan her profili yeni bir sekmede açar; tarayıcınız bu site için açılır pencerelere izin vermenizi isteyebilir.',
    openedFound: {
      one: '{count} sekme istendi.',
      other: '{count} sekme istendi. Yalnızca biri açıldıysa bu site için açılır pencerelere izin verin.',
    },
    tools: 'Dışa aktar, rapor ve bağlantılar',
  },
  errors: {
    unsupportedCharacters: 'Yalnızca harf kullanın. Özel karakter kullanmayın.',
    tooManyActive: 'Çok fazla etkin arama var. Lütfen biraz bekleyip tekrar deneyin.',
    serverError: 'Sunucu hatası. Lütfen daha sonra tekrar deneyin.',
    requestFailed: 'İstek başarısız oldu. Lütfen tekrar deneyin.',
    busy: 'Sistem şu anda meşgul, lütfen daha sonra tekrar deneyin',
    deviceLimit: 'Cihaz arama sınırına ulaşıldı',
    unexpectedError: 'Beklenmeyen bir hata oluştu',
    unexpectedResponse: 'Sunucudan beklenmeyen bir yanıt alındı. Lütfen tekrar deneyin.',
    pollingFailed: 'Bağlantı hatası, sonuçlar alınamadı. Lütfen daha sonra tekrar deneyin.',
    unknown: 'Bilinmeyen bir hata oluştu',
    missing:
      'Bu arama artık saklanmıyor (aramalar saklama süresinden sonra silinir) ya da bağlantı hatalı. Adı yeniden arayın.',
    usernameRule: 'Kullanıcı adı yalnızca A–Z harfleri, rakamlar ve . _ - içerebilir, en fazla 64 karakter.',
    usernameTooLong: 'Bu ad {length} karakter.',
    usernameSpace: 'Boşluk kullanılamaz (“ali.veli” ya da “ali_veli” deneyin).',
    usernameCharacters: 'İzin verilmeyen: {characters}.',
    tooManyNames: 'Bir seferde en fazla {max} kullanıcı adı ({count} verildi, varyantlar dahil).',
  },
  filters: {
    status: 'Durum',
    statuses: { found: 'Yalnızca bulunanlar', all: 'Tümü', not_found: 'Bulunamadı', unknown: 'Bilinmiyor' },
    categories: 'Kategoriler',
    allCategories: 'Tüm kategoriler',
    catalogueCategories: 'Katalog kategorileri ({count})',
    name: 'Site bul',
    namePlaceholder: 'Site adına göre süz…',
    sort: 'Sıralama',
    sorts: { checked: 'Kontrol sırası', name: 'Ad', category: 'Kategori', verdict: 'Sonuç' },
  },
  verdicts: {
    found: 'Bulundu',
    not_found: 'Bulunamadı',
    unknown: 'Bilinmiyor',
    invalid: 'Atlandı',
  },
  verdictExplained: {
    found: 'Bu sitede bu kullanıcı adıyla bir profil var.',
    not_found: 'Bu site, bu kullanıcı adıyla bir profil olmadığını bildiriyor.',
    unknown: 'Bu site kontrol edilemedi; hesap hakkında hiçbir şey bilinmiyor.',
    invalid: 'Kontrol edilmedi: bu kullanıcı adı bu sitede var olamaz.',
  },
  reasons: {
    timeout: { short: 'zaman aşımı', long: 'Site zamanında yanıt vermedi.' },
    blocked: { short: 'bot koruması', long: 'Site bir bot koruması veya captcha sayfasıyla yanıt verdi.' },
    rate_limited: {
      short: 'hız sınırı',
      long: 'Site, beklediğimizden daha uzun süre yavaşlamamızı istedi (HTTP 429).',
    },
    login_wall: { short: 'giriş duvarı', long: 'Site, profil yerine bir giriş sayfası gösterdi.' },
    consent_wall: { short: 'çerez onayı duvarı', long: 'Site, profil yerine bir çerez onayı sayfası gösterdi.' },
    region_blocked: { short: 'bölge engeli', long: 'Site bizim bölgemizden erişilebilir değil.' },
    conflict: {
      short: 'kataloglar çelişiyor',
      long: 'Katalogların bu site için kuralları çelişiyor; karar verilmedi.',
    },
    network: { short: 'ağ hatası', long: 'Bağlantı kurulamadı ya da erken kapandı.' },
    dns: { short: 'siteye ulaşılamadı', long: 'Sitenin adresi çözümlenemedi.' },
    tls: { short: 'TLS hatası', long: 'Siteyle güvenli bağlantı kurulamadı.' },
    blocked_address: {
      short: 'iç adres',
      long: 'Sitenin adresi (ya da yönlendirdiği sayfa) herkese açık internette değil, bu yüzden sorulmadı.',
    },
    http_error: { short: 'HTTP hatası', long: 'Site, kuralların kapsamadığı bir hata durumuyla yanıt verdi.' },
    http_5xx: { short: 'sunucu hatası', long: 'Site bir sunucu hatasıyla yanıt verdi.' },
    site_error: { short: 'site hatası', long: 'Site bilinen bir hata sayfası gösterdi.' },
    redirect_loop: { short: 'yönlendirme döngüsü', long: 'Site bir sayfaya ulaşmadan sürekli yönlendirdi.' },
    indistinguishable: {
      short: 'her ada aynı yanıt',
      long: 'Site uydurma bir kullanıcı adına da aynı yanıtı verdi; bu yanıt bu kullanıcı hakkında bir şey söylemiyor.',
    },
    unfamiliar_answer: {
      short: 'sitenin kendi sayfası değil',
      long: 'Yanıt, bu sitenin en son görülen profil ya da bulunamadı sayfasına benzemiyor; bu yüzden bir sonuç çıkarılmadı.',
    },
    site_not_answering: {
      short: 'site yanıt vermiyor',
      long: 'Site, var olduğu bilinen bir hesaba da aynı yanıtı verdi; şu anda gerçek hesapları olmayanlardan ayırmıyor.',
    },
    too_large: { short: 'yanıt çok büyük', long: 'Yanıt, güvenle incelenemeyecek kadar büyüktü.' },
    cancelled: { short: 'iptal edildi', long: 'Kontrol iptal edildi.' },
    unsupported_username: {
      short: 'kullanıcı adı orada geçersiz',
      long: 'Kullanıcı adı, bu sitenin izin vermediği karakterler içeriyor.',
    },
    disabled: { short: 'devre dışı', long: 'Bu sitenin kontrolü güvenilir olmadığı için devre dışı.' },
    unsupported_check: { short: 'desteklenmiyor', long: 'Bu sitenin kontrolü çalıştırılamıyor.' },
    other: { short: 'diğer', long: 'Neden: {reason}.' },
  },
  result: {
    copy: 'URL’yi kopyala',
    copied: 'URL panoya kopyalandı',
    copyFailed: 'URL kopyalanamadı',
    open: 'Aç',
    noUrl:
      'Kataloglar bu site için bir profil adresi vermiyor (kontrol siteye doğrudan soruyor), bu yüzden açılacak bağlantı yok.',
    httpStatus: 'HTTP durumu',
    rule: 'Kural',
    elapsed: 'Süre',
    ms: '{ms} ms',
    agreed: 'Uzlaşan kataloglar',
    category: 'Kategori',
    finalUrl: 'Son URL',
    detail: 'Ayrıntı',
    perCatalogue: 'Her kataloğun kararı',
    conflict: 'Kataloglar bu site hakkında çelişiyor: {summary}. Karar vermek için profili açın.',
    conflictEach: '{catalogue}: {verdict}',
  },
  batch: {
    title: 'Birden çok kullanıcı adı ({count} aramadan {done} tanesi bitti)',
    waiting: 'Bekliyor',
    running: 'Aranıyor…',
    completed: { one: '{count} profil', other: '{count} profil' },
    failed: 'Başarısız',
    cancelled: 'İptal edildi',
  },
  report: {
    title: '{username}: kullanıcı adı arama raporu ({brand})',
    heading: 'Kullanıcı adı arama raporu: “{username}”',
    generated: '{brand} ile {date} tarihinde oluşturuldu.',
    reopen: 'Aramayı yeniden açın:',
    scopeAll: { one: 'Aramanın tek sonucu.', other: 'Aramanın {count} sonucunun tümü.' },
    scopeShown: {
      one: '{total} sonuçtan {count} tanesi, sayfadaki süzgeçlere göre ({filters}).',
      other: '{total} sonuçtan {count} tanesi, sayfadaki süzgeçlere göre ({filters}).',
    },
    found: 'Bulundu',
    notFound: 'Bulunamadı',
    unknown: 'Bilinmiyor',
    checked: 'Bu raporda',
    site: 'Site',
    verdict: 'Sonuç',
    category: 'Kategori',
    profile: 'Profil',
    note: 'Not',
    footer:
      'Her sonuç, sitenin o andaki otomatik bir kontrole verdiği yanıttan gelir. Güvenmeden önce profili açıp doğrulayın. {brand} ile oluşturuldu, açık kaynaklı kullanıcı adı araması.',
  },
  sponsored: {
    label: 'Sponsorlu',
  },
  categoryNames: {
    social: 'Sosyal',
    professional: 'Profesyonel',
    gaming: 'Oyun',
    forum: 'Forum',
    creative: 'Yaratıcı',
    other: 'Diğer',
  },
  about: {
    title: '{brand} nasıl çalışır',
    intro:
      'Kullanıcı adı araması, bir kullanıcı adının nerede kayıtlı olduğunu gösterir. Çoğu çevrim içi araştırmanın ilk adımlarından biridir ve kendi dijital izinizi görmenin en hızlı yoludur.',
    steps: [
      {
        title: 'Üç katalog, tek arama',
        text: '{brand}, OSINT araştırmacılarının kullandığı topluluk katalogları Sherlock, WhatsMyName ve Maigret’in site kurallarını birleştirir. Birden çok katalogda bulunan bir site bir kez kontrol edilir ve her birinin kuralıyla değerlendirilir.',
      },
      {
        title: 'Tüm siteler aynı anda',
        text: 'Siteler paralel olarak, site başına nazik sınırlarla kontrol edilir. Her yanıt geldiği anda görünür; ilk profiller saniyeler içinde ekrana düşer.',
      },
      {
        title: 'Kanıtlı yanıtlar',
        text: 'Her sonuç HTTP durumunu, karar veren kuralı ve hangi katalogların uzlaştığını gösterir. Bir site değerlendirilemediğinde {brand} tahmin yürütmez, nedenini söyler.',
      },
    ],
    verdictsTitle: 'Sonuçlar ne anlama gelir',
    verdicts: [
      {
        term: 'Bulundu',
        text: 'Sitenin kuralına göre bu adla bir profil var. Düşündüğünüz kişi olduğunu doğrulamak için açın.',
      },
      { term: 'Bulunamadı', text: 'Sitenin kuralına göre böyle bir profil yok.' },
      {
        term: 'Bilinmiyor',
        text: 'Site zaman aşımına uğradı, bot denetimi gösterdi, isteklerimizi sınırladı ya da hata döndürdü. Engellenen bir kontrol hesap hakkında hiçbir şey söylemez.',
      },
      {
        term: 'Atlandı',
        text: 'Kullanıcı adı o sitede var olamaz (örneğin sitenin yasakladığı karakterler içeriyor), bu yüzden istek gönderilmedi.',
      },
    ],
    faqTitle: 'Sıkça sorulan sorular',
    faq: [
      {
        q: '{brand} bir profilin var olup olmadığını nasıl anlıyor?',
        a: [
          '{brand} her site için kullanıcı adının profil sayfasını (ya da sitenin kendi sorgu adresini) ister ve kataloglardaki o siteye ait tespit kuralını uygular: bir HTTP durum kodu, yalnızca var olan ya da olmayan profillerde görünen bir metin veya bir yönlendirme.',
          'Sherlock, WhatsMyName ve Maigret siteleri kendi biçimlerinde tanımlar. {brand} her biçimin kendi kurallarına uyar; bir site hakkında çeliştiklerinde sonuç bunu açıkça belirtir.',
        ],
      },
      {
        q: 'Sonuçlar ne kadar doğru ve “Bilinmiyor” ne demek?',
        a: [
          '“Bulundu” sonucu, sitenin var olan bir profile verdiği yanıtı verdiği anlamına gelir. Siteler değişir; bir eşleşmeyi ipucu olarak görün ve doğrulamak için profili açın.',
          '“Bilinmiyor”, sitenin değerlendirilemediği anlamına gelir: zaman aşımı, bot koruması veya captcha sayfası, hız sınırı ya da bir hata. Pek çok araç bunları “bulunamadı” olarak raporlar; {brand} asla raporlamaz, çünkü engellenen bir kontrol hesap hakkında hiçbir şey söylemez.',
          'Kullanıcı adı eşleşmesi bir kimlik tespiti değildir: popüler kullanıcı adları birçok farklı kişiye aittir. Aynı fotoğraf, biyografi veya bağlantılar gibi ikinci, bağımsız bir işaretle doğrulayın.',
        ],
      },
      {
        q: 'Bir arama ne kadar sürer?',
        a: [
          'Genellikle bir dakikadan çok daha kısa. Tüm siteler aynı anda kontrol edilir; toplam süre kabaca en yavaş sitenin yanıt verme süresidir. Bulunan profiller her site yanıt verir vermez görünür ve ilerleme çubuğu kaç sitenin bittiğini ve hızı gösterir.',
        ],
      },
      {
        q: 'Aramalarım hakkında neler saklanıyor?',
        a: [
          'Aradığınız kullanıcı adı, tarayıcınızın oluşturduğu rastgele bir cihaz kimliği ve hız sınırlama ile kötüye kullanımı önleme için IP adresiniz. Bunlar belirli bir takvimle silinir (Gizlilik Politikası’na bakın). Çerez, analiz aracı veya üçüncü taraf izleyici yoktur.',
          'Site simgeleri kendi sunucumuz üzerinden alınır; böylece sonuçlardaki siteler onlara baktığınızı asla öğrenmez. Son aramalarınız yalnızca tarayıcınızda saklanır ve “Tümünü temizle” onları siler.',
        ],
      },
      {
        q: 'Site listesi nereden geliyor?',
        a: [
          'Üç açık kaynak projeden: Sherlock (MIT lisansı), WhatsMyName (CC BY-SA 4.0) ve Maigret (MIT lisansı). {brand} kataloglarını indirir, en fazla günde bir kez yeniler ve güvenilmez siteleri aramalardan çıkaran düzenli bir öz test çalıştırır. Lisanslar sayfası her kaynağı anar.',
        ],
      },
      {
        q: 'Bir e-posta adresi arayabilir miyim?',
        a: [
          'Kullanıcı adı aramasında hayır: ad@ornek.com gibi bir adres hiçbir profil adıyla eşleşmez. Bunun yerine @ işaretinden önceki kısmı arayın; birçok kişi onu kullanıcı adı olarak da kullanır.',
          'Evet, {brand} E-posta ile: e-posta araması bir adresin hesap açtığı siteleri bulur. Bir hesap gerektirir ve arama başına bir kredi harcar (deneme ve Premium plan kredi içerir); Email Plus ise adres hakkında insan tarafından incelenmiş bir rapor ekler. Fiyatlar sayfasına bakın.',
        ],
      },
      {
        q: '{brand}’u hangi amaçlarla kullanabilirim?',
        a: [
          'Araştırma ve eğitim, yapmaya yetkili olduğunuz güvenlik değerlendirmeleri, kendi dijital izinizin kontrolü ve yasal soruşturmalar. Taciz, ısrarlı takip ve kişilerin özel verilerini toplamak yasaktır. Ayrıntılar Şartlar ve Koşullar’dadır.',
        ],
      },
    ],
    moreReading: 'OSINT’e yeni mi başlıyorsunuz? Rehberleri okuyun:',
    libraryLink: 'Kütüphane',
  },
  library: {
    metaTitle: 'Kütüphane · OSINT rehberleri · {brand}',
    metaDescription:
      'Açık kaynak istihbaratı için pratik rehberler: OSINT temelleri, kullanıcı adı araması ve sızıntı incelemesi.',
    back: 'Aramaya Dön',
    eyebrow: 'Kütüphane',
    title: 'OSINT rehberleri',
    intro:
      'Açık kaynak istihbaratı üzerine pratik yazılar: nasıl başlanır, kullanıcı adı araması iyi nasıl kullanılır ve sızıntılar doğru ve etik biçimde nasıl incelenir.',
    categories: { investigations: 'Soruşturmalar', tools: 'Araçlar', fundamentals: 'Temeller' },
    readTime: '{minutes} dk okuma',
    read: 'Makaleyi Oku',
  },
  article: {
    back: 'Kütüphaneye Dön',
    metaTitle: '{title} · {brand}',
    notFoundTitle: 'Makale Bulunamadı',
    notFoundText: 'Aradığınız makale mevcut değil.',
    tags: 'Etiketler',
  },
  notFound: {
    title: 'Sayfa bulunamadı',
    text: 'Bu adreste hiçbir şey yok. Taşınmış olabilir ya da bağlantı hatalı olabilir.',
    home: 'Aramaya git',
  },
  legal: {
    back: 'Ana Sayfaya Dön',
    contact: {
      title: 'İletişim',
      description: '{brand} ekibine ve topluluğuna nasıl ulaşılır.',
      intro: 'Bize ulaşan her şeyi okuyoruz. Sorunuza uygun kanalı seçin.',
      supportTitle: 'Destek',
      supportEmail: 'Bize e-posta gönderin:',
      supportNoEmail:
        'Bu kurulumu işletenler henüz bir destek adresi yayımlamadı (CONTACT_EMAIL ile tanımlanır). Yanlış bir sonuç genellikle herkese açık site listelerinden gelir: bunu listeleri sürdüren projeye bildirin (aşağıdaki Site verileri bölümüne bakın).',
      supportTips:
        'Yanlış bir sonucu bildirirken kullanıcı adını, siteyi ve arama zamanını ekleyin: genişletilmiş sonuç kartındaki kanıt (HTTP durumu ve kural) çok yardımcı olur.',
      communityTitle: 'Topluluk',
      communityText: 'Diğer araştırmacılardan sorular, fikirler ve ipuçları:',
      dataTitle: 'Site verileri',
      dataText:
        'Bir site eksik mi ya da kuralı eskimiş mi? Kataloglar topluluk projeleridir; düzeltmeleri doğrudan kaynağa, örneğin Sherlock projesine göndermek en iyisidir:',
      abuseTitle: 'Kötüye kullanım ve yasal talepler',
      abuseText:
        'Hizmetin kötüye kullanımını bildirmek veya yasal talepler için yukarıdaki destek kanalından bize ulaşın ve mesajınızı acil olarak işaretleyin.',
    },
    licenses: {
      title: 'Lisanslar',
      description: '{brand}’un lisansı, veri kaynaklarının ve bu sayfada paketlenen yazılımların lisansları.',
      intro: '{brand} açık kaynaktır ve başkalarının emeği üzerine kuruludur. Bu sayfa onları anar.',
      productTitle: '{brand}',
      productText: '{brand}, MIT lisansıyla yayımlanmıştır.',
      showLicense: 'Lisans metnini göster',
      dataTitle: 'Veri kaynakları',
      dataText: '{brand}’un kontrol ettiği siteler ve tespit kuralları şu topluluk kataloglarından gelir:',
      wmnNote:
        'WhatsMyName verileri Creative Commons Atıf-AynıLisanslaPaylaş 4.0 lisansı altındadır: bu verilerden türetilen sonuçlar, WhatsMyName projesine atıf yapılarak aynı lisansla paylaşılabilir.',
      bundleTitle: 'Bu sayfadaki yazılımlar',
      bundleText:
        'Bu liste, uygulama derlenirken tarayıcınızın çalıştırdığı koda gerçekten dahil edilen paketlerden oluşturulur.',
      noText: '{license} lisansıyla lisanslanmıştır; paket ayrı bir lisans dosyası içermiyor.',
      bundleMissing: 'Paketlenen yazılımların listesi üretim derlemesiyle oluşturulur ve burada mevcut değil.',
    },
  },
};
