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
  emailOptionHint:
    'Adresin @ işaretinden önceki kısmı ve sitelerin döndürdüğü kullanıcı adları da aranır; her biri kendi kullanıcı adı aramasıdır.',
  emailIntro: 'Bu adresten ve sitelerinin döndürdüklerinden başlatılan kullanıcı adı aramaları.',
  emailNone: 'İpucu yok: adres aranacak bir kullanıcı adı vermedi.',
  localPart: '{email} adresinin @ işaretinden önceki kısmı',
  returned: '{site} sitesinin {query} için gösterdiği kullanıcı adı',
  searchEmail: 'Bu adresi ara',
  searchEmailCost: '1 kredi harcar',
  searchEmailLabel: '{email} adresini 1 krediyle ara',
  searchEmailSignIn: 'Bu adresi aramak için giriş yapın (1 kredi).',
  searchEmailFailed: 'Arama başlatılamadı.',
  heldStatus: 'aranmadı: {why}',
  held: {
    daily_limit: 'günlük sınıra ulaşıldı',
    too_many_active: 'çok fazla arama sürüyor',
    busy: 'hizmet yoğundu',
  },
  openEmail: 'Aç',
};
