import type { emailEn } from './email-en.ts';

/** Turkish strings of email search (mirror of email-en.ts). */
export const emailTr: typeof emailEn = {
  page: {
    eyebrow: '{brand} E-posta',
    title: 'Bir e-posta adresinin hangi sitelerde hesabı olduğunu bulun',
    lead: 'Ters e-posta araması: {brand}, {count} web sitesine adresin orada kayıtlı olup olmadığını canlı olarak sorar ve her yanıtın kanıtını gösterir.',
    label: 'E-posta adresi',
    placeholder: 'ad@ornek.com',
    notFound: 'Bu arama bulunamadı. Silinmiş ya da başka bir hesaba ait olabilir.',
    running: 'Süren aramalarınız',
    submit: 'Ara',
    note: 'Sonuçlar ekranda gösterilir ve Panelinizde (Aramalarım) saklanır. Adrese hiçbir e-posta gönderilmez.',
    links: 'E-posta Şartları',
    privacy: 'Gizlilik Politikası',
    footprintTitle: 'Dijital İzinizi Bulun',
    footprintText:
      'Kendi adresinizi arayın ve hangi sitelerde hâlâ hesabınız olduğunu görün: unuttuğunuz eski kayıtlar, kapatmaya değer hizmetler, yeni parola gerektiren ihlaller.',
    latestTitle: 'Son Sonuçlar',
    latestNote: 'Örnek gösterimdir — uydurma kişiler ve adresler, asla gerçek veri değildir.',
    featuresTitle: 'Bir e-posta araması neler gösterir',
    free: 'Ücretsiz',
    plusOnly: 'Yalnızca Email Plus ile',
    features: {
      accounts: 'Kayıtlı Site Hesapları',
      accountsText: 'Adresin hesabı olduğu siteler, kanıtıyla birlikte canlı olarak kontrol edilir.',
      fullName: 'Ad Soyad',
      homeAddress: 'Ev Adresi',
      family: 'Aile Üyeleri',
      social: 'Sosyal Medya Profilleri',
      emails: 'E-posta Adresleri',
    },
    faqTitle: 'E-posta araması SSS',
    faq: [
      {
        q: 'Neler dahil?',
        a: 'Adresin hesabı olduğu siteler; her biri için bunu nasıl bildiğimiz (kayıt formu, giriş adımı veya herkese açık profil) ve sitenin verdiği yanıt. İşletmeci Have I Been Pwned ayarladıysa veri ihlalleri de görünür.',
      },
      {
        q: 'Sonuçları nasıl alırım?',
        a: 'Kontroller bittikçe ekranda ve Panelinizdeki Aramalarım altında saklanmış olarak. Aradığınız adrese hiçbir şey gönderilmez.',
      },
      {
        q: 'Sonuç garanti mi?',
        a: 'Hayır. Siteler değişir, otomatik kontrolleri engeller veya belirsiz yanıt verir; bunlar tahmin yerine nedeniyle birlikte bilinmiyor olarak gösterilir. Boş sonuç, kontrol edilen hiçbir sitenin hesabı doğrulamadığı anlamına gelir.',
      },
      {
        q: 'Verilerimi nasıl silerim?',
        a: 'Bir aramayı Aramalarım altından, hesabınızın tamamını Ayarlar’dan silin. Diğer her şey için destekle iletişime geçin.',
      },
    ],
  },
  modal: {
    title: 'E-posta araması',
    close: 'Kapat',
    emailCard: '{brand} E-posta',
    emailCardText: '{email} için kayıtlı site hesapları.',
    credits: 'Kalan kredi: {count}',
    useCredit: 'Kredimi Kullan',
    noCredits: 'Krediniz kalmadı.',
    plusCard: 'Email Plus',
    plusText: 'Kayıtlı hesapların ötesine geçen, insan tarafından incelenmiş bir rapor:',
    plusFeatures: ['Ad soyad', 'Ev adresi', 'Aile üyeleri', 'Sosyal medya profilleri', 'E-posta adresleri'],
    plusTarget: 'İncelenecek e-posta',
    steps: [
      'Arkadaşlık uygulamaları kontrol ediliyor',
      'Sosyal medya profilleri taranıyor',
      'Veriler toplanıyor',
      'Aktif/pasif hesaplar analiz ediliyor',
    ],
    progress: '{total} kontrolden {done} tanesi tamamlandı',
    resultsTitle: '{email} için hesaplar',
    noResults: 'Sonuç bulunamadı.',
    showLinks: 'Bağlantıları göster',
    hideLinks: 'Bağlantıları gizle',
    noLinks: 'Bu kayıt için site bağlantısı bulunamadı ya da eski bir kayıt.',
    searchUsername: '“{username}” ara',
    saved: 'Aramalarım’a kaydedildi.',
  },
  errors: {
    empty: 'Lütfen bir e-posta adresi girin',
    invalid: 'Geçersiz e-posta. En fazla 70 karakter; $ / \\ " karakterlerine izin verilmez.',
    malformed: 'ad@ornek.com gibi geçerli bir e-posta adresi girin.',
    notEnoughCredits: 'Yeterli kredi yok',
    unableToVerify: 'Krediler doğrulanamadı',
    failedToDecrement: 'Kredi düşülemedi',
    unableToDecrement: 'Kredi düşülemiyor',
    searchFailed: 'Arama başarısız',
    signIn: 'Devam etmek için lütfen giriş yapın',
  },
  logs: {
    title: 'E-posta aramaları',
    usernameTitle: 'Kullanıcı adı aramaları',
    empty: 'Henüz arama yok.',
    noLinks: 'Bu kayıt için site bağlantısı bulunamadı ya da eski bir kayıt.',
    searchId: 'Arama kimliği',
    statuses: { running: 'Sürüyor', completed: 'Tamamlandı', error: 'Başarısız' },
    accounts: { one: '{count} hesap', other: '{count} hesap' },
    open: 'Aç',
    show: 'Hesapları göster',
    hide: 'Hesapları gizle',
    exportJson: 'JSON',
    exportCsv: 'CSV',
    delete: 'Sil',
    deleted: 'Arama silindi',
  },
  terms: {
    title: 'E-posta Şartları',
    description:
      '{brand} üzerinde e-posta aramaları için şartlar: yalnızca yasal amaçlar, neyin kontrol edilip neyin edilmediği.',
    updated: 'Son güncelleme: Kasım 2026',
    intro:
      'Bu şartlar, e-posta araması için genel Şartlar ve Koşullar’a eklenir. Bir e-posta araması yaparak bunları kabul etmiş olursunuz.',
    sections: [
      {
        heading: 'Yalnızca yasal amaçlar',
        paragraphs: [
          'Yalnızca size ait adresleri veya incelemek için yasal bir nedeniniz olan adresleri arayın: kendi dijital iziniz, yetkili olduğunuz güvenlik değerlendirmeleri, dolandırıcılığın önlenmesi, gazetecilik ve hukuki soruşturmalar.',
          'E-posta aramasını asla birini takip etmek, taciz etmek, kişisel bilgilerini ifşa etmek, korkutmak veya ayrımcılık yapmak için kullanmayın. Kötüye kullanımı reddeder ve bildiririz.',
        ],
      },
      {
        heading: 'Neyi kontrol ediyoruz, neyi asla yapmıyoruz',
        paragraphs: [
          'Her kontrol, bir web sitesine kayıt, giriş veya herkese açık profil sayfalarının yaptığı gibi adresin orada hesabı olup olmadığını sorar. Asla giriş yapmayız, özel verileri okumayız ve adrese hiçbir şey göndermeyiz.',
          'Adres sahibini bilgilendirebilecek kontroller (örneğin parola sıfırlama e-postası veya giriş uyarısı) kapalıdır.',
        ],
      },
      {
        heading: 'Doğruluk',
        paragraphs: [
          'Web siteleri değişir ve bazıları otomatik kontrolleri engeller. Bir sonuç, sitenin arama anındaki yanıtıdır; belirsiz yanıtlar asla bulundu olarak değil, bilinmiyor olarak gösterilir. Boş sonuç, hiçbir hesabın olmadığının kanıtı değildir.',
        ],
      },
      {
        heading: 'Krediler',
        paragraphs: [
          'Bir e-posta araması bir krediye mal olur. Bizim tarafımızda başarısız olan bir arama kredisini geri verir; hiçbir şey bulamayan bir arama yine de sayılır.',
        ],
      },
      {
        heading: 'Saklama ve silme',
        paragraphs: [
          'E-posta aramalarınız ve sonuçları Aramalarım’da {days} gün saklanır, sonra silinir. Bir aramayı istediğiniz zaman, hesabınızın tamamını Ayarlar’dan silebilirsiniz.',
        ],
      },
    ],
  },
};
