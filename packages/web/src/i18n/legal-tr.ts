import type { legalEn } from './legal-en.ts';

/** Turkish legal texts: the same sections and facts as legal-en.ts. */
export const legalTr: typeof legalEn = {
  terms: {
    title: 'Şartlar ve Koşullar',
    description:
      '{brand} kullanım şartları: izin verilen ve yasak kullanımlar, sonuçların doğruluğu, abonelikler, yenileme, iptal, iadeler ve krediler.',
    updated: 'Son güncelleme: Kasım 2026',
    intro:
      'Bu şartlar {brand} hizmetinin, web sitesinin ve API’sinin kullanımını düzenler. Hizmeti kullanarak bu şartları kabul etmiş olursunuz. Kabul etmiyorsanız hizmeti kullanmayın.',
    sections: [
      {
        heading: '1. Hizmete genel bakış',
        paragraphs: [
          '{brand} bir açık kaynak istihbarat (OSINT) aracıdır. Kullanıcı adı araması, her sitenin herkese açık sayfalarını anonim bir ziyaretçi gibi isteyerek bir kullanıcı adının herkese açık web sitelerinde kayıtlı olup olmadığını kontrol eder ve her sitenin verdiği yanıtı bildirir. Giriş yapmış kullanıcılar için e-posta araması, web sitelerine bir adresin orada hesabı olup olmadığını sorar. Sitelere giriş yapmaz, erişim denetimlerini aşmaz ve gizli verilere erişmez.',
          'Kullanıcı adı araması ücretsizdir. E-posta araması, ücretli bir planla gelen kredileri kullanır. Email Plus, tek bir e-posta adresi hakkında bir insan tarafından incelenen ücretli bir rapordur.',
        ],
      },
      {
        heading: '2. Kullanıcı yükümlülükleri',
        paragraphs: [
          '{brand} hizmetini yasalara uygun ve sorumlu biçimde kullanmalısınız. İzin verilen kullanımlar şunlardır:',
        ],
        list: [
          'eğitim ve araştırma;',
          'yapmaya yetkili olduğunuz profesyonel siber güvenlik değerlendirmeleri;',
          'kendi dijital ayak izinizin analizi;',
          'gazetecilik ve durum tespiti dahil yasal soruşturmalar.',
        ],
        listAfter: [
          '{brand} hizmetini kimseyi taciz etmek, takip etmek, tehdit etmek veya yıldırmak; kişiler hakkında gizli veri toplamak; herhangi bir yasayı çiğnemek; hizmete veya kontrol ettiği sitelere müdahale etmek ya da onları aşırı yüklemek; hizmeti veya verilerini yeniden satmak ya da hizmeti belgelenmiş API ve sınırları dışında otomatik yollarla kazımak için kullanamazsınız.',
        ],
      },
      {
        heading: '3. Veri doğruluğuna ilişkin feragatler',
        paragraphs: [
          'Sonuçlar, her sitenin kontrol anında verdiği yanıtı topluluk tarafından sürdürülen kurallara göre yansıtır. Siteler değişir, otomatik istekleri engeller ve hata döndürür; bu nedenle sonuçlar eksik veya yanlış olabilir. “Bulundu” sonucu, o adla bir profilin ya da o adresle bir hesabın var olduğu anlamına gelir; belirli bir kişiye ait olduğu anlamına gelmez. Kişiler hakkında yalnızca {brand} sonuçlarına dayanarak karar vermeyin. Hizmet, hiçbir türde garanti olmaksızın “olduğu gibi” sunulur.',
        ],
      },
      {
        heading: '4. Yasalara uyum',
        paragraphs: [
          'Size uygulanan yasalara, GDPR ve KVKK gibi veri koruma mevzuatı dahil, ve sonuçlardaki bağlantılar üzerinden ziyaret ettiğiniz sitelerin şartlarına uymak sizin sorumluluğunuzdadır. {brand} ile bulunan kişisel verileri işlediğinizde, bu işlemenin veri sorumlusu sizsiniz.',
        ],
      },
      {
        heading: '5. Hesap yönetimi',
        paragraphs: [
          'Kullanıcı adı araması hesap gerektirmez; e-posta araması, planlar ve Email Plus gerektirir. Kayıt bilgilerinizin doğruluğundan ve giriş kodları oraya gönderildiği için e-posta adresinize erişimin güvenliğinden siz sorumlusunuz. Bu şartları ihlal eden, kötüye kullanım için kullanılan veya yasanın gerektirdiği erişimleri askıya alabilir ya da kapatabiliriz. Hizmetin herkes için erişilebilir kalması için aramalar cihaz, IP adresi veya hesap başına sınırlanabilir. Hesabınızı istediğiniz zaman Ayarlar’dan silebilirsiniz.',
        ],
      },
      {
        heading: '6. Planlar, abonelikler ve yenileme',
        paragraphs: [
          'Fiyatlar ve her planın içerdikleri [Fiyatlandırma sayfasında](/pricing) ve ödeme yapmadan önce ödeme sayfasında yeniden gösterilir. Ödemeleri ödeme sağlayıcımız Stripe alır.',
        ],
        list: [
          'Aylık plan bir aboneliktir: abone olduğunuzda ve ardından her ay ücretlendirilir; ödenen her ay e-posta araması kredilerini ekler.',
          'Deneme, her posta kutusu için bir kez sunulur: birkaç kredi ile 7 gün için küçük bir ücret. Bitmeden iptal etmezseniz aylık plana dönüşür ve aylık ücret alınır.',
          'Email Plus aylık bir aboneliktir: ödenen her ay, seçtiğiniz adresin yeniden aranmasıyla yeni bir sipariş ve yeni bir rapor açar. Adresi bir sonraki ay başlamadan önce değiştirebilirsiniz.',
        ],
        listAfter: [
          'Abonelikler siz iptal edene kadar her dönemin sonunda, o tarihteki fiyattan, ödeme yaptığınız kartla otomatik olarak yenilenir. Faturalandırma sayfası planınızı, neyin ne zaman yenileneceğini ve faturalarınızı gösterir. Bir yenileme ödemesi başarısız olursa ödeme sağlayıcısı yeniden dener; tahsil edilemezse abonelik sona erer.',
        ],
      },
      {
        heading: '7. İptal ve iadeler',
        paragraphs: [
          'Bir aboneliği istediğiniz zaman Faturalandırma sayfasından iptal edebilirsiniz (“Aboneliği Yönet”, Stripe’ın müşteri portalını açar). İptal, sonraki yenilemeleri durdurur; ödediğiniz hizmet içinde bulunulan dönemin sonuna kadar sürer. Hesabınızı silmek tüm abonelikleri, dönemin kalanı için iade yapılmadan, hemen iptal eder.',
          'Başlamış bir dönem ve harcanmış krediler için yapılan ödemeler, yasanın gerektirdiği durumlar dışında iade edilmez. Ödediğiniz hizmeti sağlayamazsak — örneğin reddettiğimiz bir Email Plus siparişi — o ödeme geldiği karta tamamen iade edilir. Bir ödeme iade edildiğinde veya bir itirazda kaybedildiğinde, eklediği krediler harcanmamış oldukları ölçüde geri alınır. Bunların hiçbiri tüketici olarak yasal haklarınızı etkilemez.',
        ],
      },
      {
        heading: '8. Krediler',
        paragraphs: [
          'Bir e-posta araması bir kredi tutar. Krediler kayıt hediyesinden (posta kutusu başına bir kez), denemeden, aylık planın ödenen her ayından veya bir yöneticiden gelir. Nakit değerleri yoktur, devredilemez ve satılamaz, iade edilmez ve hesabınızla birlikte sona erer. Bizim tarafımızda başarısız olan bir arama kredisini geri verir; hiçbir şey bulamayan bir arama yine de sayılır.',
        ],
      },
      {
        heading: '9. E-posta araması ve Email Plus',
        paragraphs: [
          'E-posta araması ve Email Plus ayrıca, bir e-posta araması yaptığınızda veya Email Plus sipariş ettiğinizde kabul ettiğiniz [E-posta Şartları](/email-terms) ile düzenlenir.',
        ],
      },
      {
        heading: '10. Hizmette değişiklikler',
        paragraphs: [
          'Kontrol edilen siteler ve kullanım sınırları dahil hizmetin herhangi bir bölümünü istediğimiz zaman değiştirebilir, askıya alabilir veya sonlandırabiliriz. Bir aboneliğin fiyat değişikliği bir sonraki yenilemeden itibaren geçerli olur ve öncesinde size bildirilir. Bu şartları güncelleyebiliriz; yukarıdaki tarih en son sürümü gösterir ve kullanmaya devam etmeniz değişiklikleri kabul ettiğiniz anlamına gelir.',
        ],
      },
      {
        heading: '11. Fikri mülkiyet',
        paragraphs: [
          '{brand} yazılımı MIT lisansı altında açık kaynaktır. Site katalogları Sherlock (MIT), WhatsMyName (CC BY-SA 4.0) ve Maigret (MIT) projelerinden gelir ve kendi lisanslarına tabi kalır. Sonuçlardaki sitelerin adları ve logoları sahiplerine aittir ve yalnızca onları tanımlamak için gösterilir.',
        ],
      },
      {
        heading: '12. İletişim',
        paragraphs: [
          'Bu şartlarla ilgili sorularınız mı var? Bize nasıl ulaşacağınız için [İletişim sayfasına](/contact) bakın.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Gizlilik Politikası',
    description:
      '{brand} neleri toplar, başka kimler alır (ödemeler, veri ihlali kayıtları, e-posta, barındırma), ne kadar saklanır ve haklarınız.',
    updated: 'Son güncelleme: Kasım 2026',
    intro:
      '{brand} mümkün olduğunca az veriyle çalışacak şekilde tasarlanmıştır. Bu sayfa neleri topladığımızı, neden topladığımızı, başka kimlerin aldığını ve ne kadar sakladığımızı listeler.',
    sections: [
      {
        heading: 'Kullanıcı adı aramasının sakladıkları',
        paragraphs: ['Bir kullanıcı adı araması yaptığınızda sunucumuz şunları alır ve saklar:'],
        list: [
          'aradığınız kullanıcı adı ve sonuçlar: hangi sitelerin yanıt verdiği ve bulunan her profil için o profilin herkese açık olarak belirttiği bilgiler (görünen adı, biyografisi ve bağlantıları gibi);',
          'tarayıcınızın oluşturduğu ve her aramayla gönderdiği rastgele bir cihaz kimliği (“device_” ile başlayan bir dize);',
          'yalnızca hız sınırlaması için kullanılan IP adresiniz: sayaçlar bir gün sonra silinir;',
          'giriş yaptıysanız, aynı sınırlar için hesabınızın arama sayısı (“İpuçlarını izle”nin başlattığı aramalar dahil), bir gün sonra silinir; ipuçlarını izlediğinizde de profillerin işaret ettiği adlar ve adresler, bir sınıra ulaşıldığı için aranmayanlar dahil, geldikleri aramayla birlikte saklanır ve silinir.',
        ],
        listAfter: [
          'Bunları yalnızca aramanızı yapmak, adil kullanım sınırlarını uygulamak ve kötüye kullanımı önlemek için kullanırız. Ziyaretçilerin profilini çıkarmayız ve veri satmayız.',
        ],
      },
      {
        heading: 'E-posta aramasının yaptıkları',
        paragraphs: [
          'E-posta araması bir hesap gerektirir. Bir adresin nerede hesabı olduğunu bulmak için sunucumuz adresi, o sitenin kendi kayıt, giriş veya parola sayfalarının yapacağı gibi, kontrol ettiği her web sitesine gönderir; bu sitelerin her biri adresi (ve sizinkini değil, sunucumuzun IP adresini) alır. Veri ihlali kontrolleri açıksa adres, bilinen veri ihlallerine bakmak için Have I Been Pwned’e de gönderilir. Adresin kendisine hiçbir zaman bir şey gönderilmez.',
          'Arama, adres ve sonuçlar Aramalarım’da saklanır; orada istediğiniz zaman silebilirsiniz.',
        ],
      },
      {
        heading: 'Ne kadar saklıyoruz',
        paragraphs: [
          'Sonuçlarıyla (bulunan herkese açık profil bilgileri dahil) kullanıcı adı aramaları ve cihaz kimlikleri ile sonuçlarıyla e-posta aramaları, aramadan {days} gün sonra otomatik olarak silinir. Giriş kodlarının süresi 10 dakikada dolar ve bir gün sonra silinir. Hesabınızdakiler siz silene kadar saklanır (aşağıya bakın).',
        ],
      },
      {
        heading: 'İzlemeler',
        paragraphs: [
          'Bir kullanıcı adını ya da adresi izlerseniz, izlemeyi (ad ya da adres, etiketi ve belirttiğiniz neden), her site ya da denetim hakkında son bildiğini — orada bir hesap olup olmadığı, ne zamandan beri ve profil adresi; asla sayfa içeriği değil —, çalıştırmalarının sayılarını ve size bildirdiği olayları, bir adres için de yer aldığı veri ihlallerinin adlarını (asla ihlal verisini değil) saklarız. Bunlar aramalardan ayrı tutulur, bu yüzden yukarıdaki {days} günlük sınırdan uzun yaşar: izlemeyi ya da hesabınızı sildiğinizde silinir. Her çalıştırmanın yaptığı aramalar her arama gibi {days} gün sonra silinir. Bir izlemenin oluşturulması ve silinmesi, kötüye kullanımı incelemek için nedeniyle birlikte denetim kaydımıza yazılır.',
        ],
      },
      {
        heading: 'Hesap oluşturursanız',
        paragraphs: [
          'Bir hesap oluşturursanız adınızı ve soyadınızı, e-posta adresinizi, doğum tarihinizi (18 yaşında veya daha büyük olduğunuzu doğrulamak için), planınızı, kredilerinizi ve geçmişlerini (her ekleme ve her harcama) ve e-postalarımızın dilini; ayrıca giriş yapılmış her cihaz için bir kayıt (“Linux’ta Firefox” gibi kısa bir açıklama, asla IP adresiniz değil) ve giriş yapmışken yaptığınız aramaları saklarız.',
          'Giriş kodları yalnızca anahtarlı bir özet olarak saklanır. Giriş yapılmış cihazlar son kullanımdan sonra 30 gün oturumda kalır.',
        ],
      },
      {
        heading: 'Ödemeler ve Email Plus',
        paragraphs: [
          'Kartınızı Stripe’ın kendi ödeme sayfasında girersiniz: kart numaraları sunucumuza hiç ulaşmaz. Stripe müşteri kimliğinizi, aboneliğinizin durumunu ve sipariş geçmişinizi saklarız; ödemeleri ve faturaları Stripe saklar. Bir Email Plus siparişi, raporun konusu olan adresi, belirttiğiniz nedeni, teslim edileceği adresi ve raporu saklar. Ekibimiz siparişi incelemek ve raporu hazırlamak için okur. Siparişler ve raporlar siz hesabınızı silene kadar saklanır.',
        ],
      },
      {
        heading: 'Çerezler',
        paragraphs: [
          '{brand} arama için çerez kullanmaz; yalnızca giriş yaptığınızda, sayfadaki betiklerin okuyamadığı ve çıkış yapınca silinen, kesinlikle gerekli tek bir oturum çerezi ayarlar. Analiz, reklam veya üçüncü taraf betiği yoktur. Sayfa başka sunuculardan hiçbir şey yüklemez: yazı tipleri sisteminizin kendi yazı tipleridir ve site simgeleri sunucumuz üzerinden alınır, böylece sonuçlarınızdaki siteler onlara baktığınızı asla öğrenmez. Stripe’ın ödeme sayfası Stripe’ın kendi sitesindedir ve orada kendi çerezlerini ayarlar.',
          'Tarayıcınız yerel depolamasında birkaç ayar tutar: temanız ve diliniz, cihaz kimliğiniz ve son aramalarınız. Bir aramayla gönderilen cihaz kimliği dışında bunlar cihazınızdan hiç çıkmaz. Son aramalar listesindeki “Tümünü temizle” geçmişinizi siler; tarayıcınızda site verilerini temizlemek her şeyi siler.',
        ],
      },
      {
        heading: 'Verileri kimler alır',
        paragraphs: [
          'Veri satmayız. Veriler yalnızca ürünü bizim için çalıştıran hizmetlere, her biri kendi görevi için ulaşır:',
        ],
        list: [
          'ödeme sağlayıcımız Stripe: abone olduğunuzda veya Email Plus sipariş ettiğinizde e-posta adresiniz ve ödeme bilgileriniz;',
          'veri ihlali kayıtları için Have I Been Pwned: veri ihlali kontrolleri açıksa bir e-posta aramasının adresi;',
          'bir e-posta aramasının kontrol ettiği web siteleri: aranan adres;',
          'e-posta sağlayıcımız: e-posta adresiniz ve size gönderdiğimiz e-postalar (giriş kodları, makbuzlar, raporlar);',
          'sunucuları yukarıdakilerin tümünü saklayan ve çalıştıran barındırma sağlayıcımız.',
        ],
        listAfter: [
          'Bunların dışında verileri yalnızca geçerli bir yasal kararın gerektirdiği durumlarda veya hizmetin kötüye kullanımını araştırmak için gerektiğinde açıklarız.',
        ],
      },
      {
        heading: 'Hesabınızı silmek',
        paragraphs: [
          'Ayarlar → “Hesabımı sil” hesabınızı, oturumlarınızı, aramalarınızı ve tamamlanmamış Email Plus isteklerinizi hemen siler ve Stripe’taki aboneliklerinizi iptal eder. Muhasebe veya dolandırıcılığın önlenmesi gerektirdiği için birkaç kayıt kalır:',
        ],
        list: [
          'artık sizinle bağlantısı olmayan kredi geçmişi;',
          'posta kutunuzun iki anahtarlı özeti (HMAC): biri kayıt kredilerini zaten aldığını, diğeri denemeyi zaten kullandığını söyler; böylece silip yeniden kaydolmak bunları iki kez vermez. Bir adres içermezler ve sunucumuzun anahtarı olmadan adrese geri çevrilemezler;',
          'hâlâ hazırlanmakta olan ödenmiş Email Plus siparişleri, teslim edilene veya reddedilene kadar;',
          'Stripe’ın sakladığı ödemeler ve faturalar ile yöneticilerimizin hesabınızda yaptığı değişikliklerin (örneğin bir kredi eklemesi) e-posta adresinizi içeren kaydı.',
        ],
      },
      {
        heading: 'Haklarınız',
        paragraphs: [
          'Verileri AB Genel Veri Koruma Tüzüğü (GDPR) ile uyumlu olarak işleriz. Hukuki dayanak, hesaplar, ödemeler ve Email Plus için sizinle yapılan sözleşme; diğer durumlarda hizmeti yürütme ve kötüye kullanımı önleme konusundaki meşru menfaatimizdir. Hakkınızdaki verilere erişim, düzeltme veya silme talep edebilirsiniz; aradığınız kullanıcı adını veya adresi ve yaklaşık zamanı belirtin. [İletişim sayfasına](/contact) bakın.',
        ],
      },
    ],
  },
  emailTerms: {
    title: 'E-posta Şartları',
    description:
      '{brand} üzerinde e-posta araması ve Email Plus şartları: yalnızca yasal amaçlar, neyin kontrol edildiği, krediler ve Email Plus’ın ne teslim ettiği, ne zaman, ne zaman reddedildiği veya iade edildiği.',
    updated: 'Son güncelleme: Kasım 2026',
    intro:
      'Bu şartlar, e-posta araması ve Email Plus için genel Şartlar ve Koşullar’a eklenir. Bir e-posta araması yaparak veya Email Plus sipariş ederek (kabul ettiğinizi işaretlersiniz) bu şartları kabul etmiş olursunuz.',
    sections: [
      {
        heading: 'Yalnızca yasal amaçlar',
        paragraphs: [
          'Yalnızca size ait adresleri veya incelemek için yasal bir nedeniniz olan adresleri arayın: kendi ayak iziniz, yapmaya yetkili olduğunuz güvenlik değerlendirmeleri, dolandırıcılığın önlenmesi, gazetecilik ve yasal soruşturmalar.',
          'E-posta aramasını veya Email Plus’ı asla kimseyi takip etmek, taciz etmek, kişisel bilgilerini ifşa etmek, yıldırmak veya ayrımcılık yapmak için kullanmayın. Kötüye kullanımı reddeder ve bildiririz.',
        ],
      },
      {
        heading: 'Neyi kontrol ediyoruz, neyi asla yapmıyoruz',
        paragraphs: [
          'Her kontrol, bir web sitesine, kayıt, giriş veya herkese açık profil sayfalarının yaptığı gibi, adresin orada hesabı olup olmadığını sorar; bu nedenle bu sitelerin her biri adresi alır. Asla giriş yapmayız, gizli verileri okumayız ve adrese hiçbir şey göndermeyiz.',
          'Adresin sahibini uyarabilecek ya da hesabına dokunabilecek kontroller (parola sıfırlama e-postası, giriş kodu veya güvenlik kaydında görünebilecek ya da hesap kilitlenmesine sayılabilecek yanlış parolayla giriş denemesi) gürültülü kontrollerdir ve varsayılan olarak kapalıdır. Bir Hound sunucusunun işletmecisi bunları HOUND_EMAIL_LOUD ayarıyla (komut satırı kullanıcısı ise --loud ile) açabilir; bu hizmette işletmecisi açmadıkça kapalı kalırlar.',
        ],
      },
      {
        heading: 'Doğruluk',
        paragraphs: [
          'Web siteleri değişir ve bazıları otomatik kontrolleri engeller. Bir sonuç, sitenin arama anındaki yanıtıdır; belirsiz yanıtlar asla bulundu olarak değil, bilinmiyor olarak gösterilir. Boş bir sonuç, hesap olmadığının kanıtı değildir.',
        ],
      },
      {
        heading: 'Krediler',
        paragraphs: [
          'Bir e-posta araması bir kredi tutar. Bizim tarafımızda başarısız olan bir arama kredisini geri verir; hiçbir şey bulamayan bir arama yine de sayılır.',
        ],
      },
      {
        heading: 'Email Plus: ne alırsınız ve ne zaman',
        paragraphs: [
          'Email Plus, tek bir e-posta adresi hakkında, herkese açık kaynaklardan bir insan tarafından hazırlanan ve incelenen bir rapordur. Bu kaynakların içerdiklerine bağlı olarak tam ad, ev adresi, aile üyeleri, sosyal medya profilleri ve diğer e-posta adreslerini içerebilir; her rapor bunların her birini bulamaz ve az şey bulan bir rapor da teslim edilmiş bir rapordur.',
          'Rapor her ödemeden sonra 3–5 iş günü içinde teslim edilir. Hesabınızın adresine e-postayla gönderilir ve panonuz siparişlerinizi durumlarıyla listeler.',
        ],
      },
      {
        heading: 'Email Plus: inceleme, retler ve iadeler',
        paragraphs: [
          'Her sipariş incelenir: raporu neden istediğinizi bize söylersiniz ve biz okuruz. Yasa dışı veya kötüye kullanım gibi görünen, incelemek için yasal bir nedeniniz olmayan birini ilgilendiren ya da yerine getiremeyeceğimiz siparişleri reddederiz. Reddedilen bir sipariş tamamen iade edilir ve nedenini size bildiririz.',
          'Teslim edilmiş bir rapor iade edilmez. Bir rapor gecikirse veya yanlışsa bize ulaşın; düzeltir veya iade ederiz.',
        ],
      },
      {
        heading: 'Email Plus: aylık abonelik',
        paragraphs: [
          'Email Plus siz iptal edene kadar her ay aynı adresin yeniden aranması ve yeni bir raporla yenilenir. Adresi bir sonraki ay başlamadan önce değiştirebilirsiniz. Yenilemeleri durdurmak için Faturalandırma’dan iptal edin; ödenmiş ay yine de teslim edilir.',
        ],
      },
      {
        heading: 'Saklama ve silme',
        paragraphs: [
          'E-posta aramalarınız ve sonuçları Aramalarım’da {days} gün saklanır, sonra silinir. Email Plus siparişleri ve raporları siz hesabınızı silene kadar saklanır. Bir aramayı istediğiniz zaman, hesabınızın tamamını ise Ayarlar’dan silebilirsiniz.',
        ],
      },
    ],
  },
};
