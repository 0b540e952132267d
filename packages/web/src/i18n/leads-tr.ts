import type { leadsEn } from './leads-en.ts';

/** "İpuçlarını izle" (issue 29) için Türkçe metinler. */
export const leadsTr: typeof leadsEn = {
  option: 'İpuçlarını izle',
  optionHint:
    'Bulunan profillerin bağlantı verdiği kullanıcı adları da aranır; her biri kendi aramasıdır ve neden izlendiği yazılır.',
  depth: 'Ne kadar uzağa',
  depthOne: '1 adım: bu profillerin bağlantı verdiği adlar',
  depthTwo: '2 adım: onların profillerinin bağlantı verdiği adlar da',
  title: 'İpuçları',
  intro: 'Bulunan profillerin bağlantı verdiği şeylerden başlatılan aramalar.',
  loading: 'İpuçları yükleniyor…',
  none: 'İpucu yok: bulunan profiller başka bir kullanıcı adına bağlantı vermiyor.',
  failed: 'İpuçları yüklenemedi.',
  reason: '{query} adlı kullanıcının {site} profilinden bağlantı',
  open: 'Aç',
  notStarted: 'aranmadı',
  statuses: {
    queued: 'sırada',
    running: 'sürüyor',
    completed: 'tamamlandı',
    error: 'başarısız',
    cancelled: 'iptal edildi',
  },
  found: '{count} bulundu',
  emailLead: 'e-posta adresi',
  fromParent: '{query} aramasından',
};
