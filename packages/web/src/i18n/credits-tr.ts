import type { creditsEn } from './credits-en.ts';

/** Panelin kredi geçmişi için Türkçe metinler. */
export const creditsTr: typeof creditsEn = {
  title: 'Kredi geçmişi',
  intro: 'E-posta arama kredilerinizdeki her değişiklik, en yenisi önce, sonraki bakiyeyle birlikte.',
  empty: 'Henüz kredi değişikliği yok.',
  failed: 'Kredi geçmişi yüklenemedi.',
  more: 'Daha eskileri göster',
  balance: 'bakiye {count}',
  kinds: {
    signup_grant: 'Hoş geldin kredileri',
    admin_grant: 'Ekip tarafından eklendi',
    admin_deduct: 'Ekip tarafından düşüldü',
    plan_allowance: 'Plan kredileri',
    purchase: 'Kredi paketi satın alındı',
    refund: 'İade: arama bizim tarafımızda başarısız oldu',
    expiry: 'İade: 15 dakika içinde kullanılmadı',
    payment_reversal: 'Geri alındı: ödeme iade edildi veya itiraz edildi',
  },
  reserve: {
    held: 'Az önce başlattığınız e-posta araması için ayrıldı (kullanılmazsa 15 dakika sonra geri gelir)',
    spent: 'E-posta araması',
    returned: 'E-posta araması (başarısız oldu; kredi geri geldi)',
    expired: 'Bir arama için ayrıldı, kullanılmadı (kredi geri geldi)',
  },
  openSearch: 'Aramayı aç',
};
