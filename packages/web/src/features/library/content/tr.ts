import type { ArticleContent } from '../articles.ts';

/** Turkish article texts (Türkçe). `{brand}` is filled with the brand name. */
export const articlesTr: ArticleContent = {
  leaks: {
    title: 'Sızıntıları İncelemek: Pratik Bir OSINT İş Akışı',
    excerpt:
      'Sızdırılmış veriler nerede ortaya çıkar, gerçek bir sızıntıyı geri dönüştürülmüş olandan hangi işaretler ayırır, veriyi daha fazla yaymadan nasıl arama yapılır ve etik kontrol listesiyle adım adım bir iş akışı.',
    description:
      'Açık kaynaklarla veri sızıntılarını incelemek için pratik bir rehber: sızıntıların ortaya çıktığı yerler, doğrulama, arama kalıpları, tekrarlanabilir bir iş akışı ve sızdırılmış verilerle çalışmanın etiği.',
    html: `
<p>Her araştırmacı er ya da geç bir sızıntıyla karşılaşır: yapıştırılmış bir veritabanı dökümü, bir iç yazışmanın ekran görüntüsü, e-posta adresleri ve parolalardan oluşan bir "kombo listesi" ya da "her şey bir forumda" diyen bir ihbar. Sızıntılar değerlidir, çünkü hiçbir herkese açık profilin göstermediği kimlikleri, zaman çizelgelerini ve ilişkileri doğrulayabilirler. Aynı zamanda tehlikelidirler: çoğu zaman sahte ya da yeniden paketlenmiştir, hiçbir suçu olmayan insanların özel verilerini içerir ve özensiz kullanıldıklarında yasayı çiğnetebilirler. Bu yazı, hem doğru kalmanızı hem de zararı küçük tutmanızı sağlayan bir iş akışını anlatıyor.</p>

<h2>Sızdırılmış veriler nerede ortaya çıkar</h2>
<ul>
  <li><strong>Paste siteleri ve dosya barındırma hizmetleri.</strong> Kısa ömürlü paste’ler ve dosya paylaşım bağlantıları bir dökümün klasik ilk görüldüğü yerlerdir. Hızla kaybolurlar; gördüğünüz ilk kopya nadiren asıl kaynaktır.</li>
  <li><strong>Sızıntı ve hack forumları.</strong> Satıcılar bir veri setinin gerçek olduğunu kanıtlamak için örnek paylaşır. Verinin kendisine hiç dokunmasanız bile ilanın kendisi (tarih, iddia edilen boyut, kaynak, örnek sütunlar) bir kanıttır.</li>
  <li><strong>Mesajlaşma kanalları.</strong> Herkese açık Telegram ve Discord kanalları dökümleri çoğu zaman yeniden paketleyip yeniden etiketleyerek dağıtır. Bunları ikincil kaynak olarak görün.</li>
  <li><strong>Kod depoları.</strong> Herkese açık depolara işlenmiş yapılandırma dosyaları, API anahtarları ve veritabanı dışa aktarımları, kazara sızıntıların en yaygın kaynaklarındandır.</li>
  <li><strong>Yanlış yapılandırılmış depolama.</strong> Açık bulut kovaları ve erişime açık veritabanları onları tarayan araştırmacılarca bulunur; sorumlu ifşa raporları neyin açıkta kaldığını, veriyi yeniden yayımlamadan anlatır.</li>
  <li><strong>Sızıntı bildirim hizmetleri.</strong> Have I Been Pwned gibi hizmetler bir e-posta adresinin hangi sızıntılarda yer aldığını, sızdırılan kayıtları göstermeden dizinler. Çoğu soru için ("bu adres bir sızıntıda var mı?") ihtiyacınız olan tek şey budur.</li>
</ul>

<h2>İşaretler: Bu sızıntı gerçek mi?</h2>
<p>"Yeni" sızıntıların çoğu, yeni etiketli eski verilerdir. Birine güvenmeden önce sınayın:</p>
<ul>
  <li><strong>İç tutarlılık.</strong> Kullanıcı kimlikleri, kayıt tarihleri ve biçimler, sızıntının geldiğini iddia ettiği hizmetle uyuşuyor mu? Hiç telefon numarası saklamamış bir hizmetten "gelen" ama telefon sütunu olan bir döküm, bir derlemedir.</li>
  <li><strong>Bilinen sızıntılarla örtüşme.</strong> Örnek, daha eski ve belgelenmiş bir sızıntıyla satır satır eşleşiyorsa "yeni" sızıntı bir yeniden paylaşımdır.</li>
  <li><strong>Parola özetleme.</strong> Özet biçimi (bcrypt, tuzsuz MD5, düz metin), hizmet hakkında o dönemde herkesçe bilinenlerle uyuşmalıdır.</li>
  <li><strong>Kanarya kayıtlar.</strong> Bazı hizmetler sahte hesaplar yerleştirir. Etkilenen kurumda bir muhatabınız varsa bilinen kanaryaların görünüp görünmediğini size söyleyebilir.</li>
  <li><strong>Zaman çizelgesi.</strong> Verideki en yeni kayıt, ihlalin tarihini sınırlar. İddia edilen ihlal tarihinden daha yeni kayıtlar, hikâyenin yanlış olduğunu gösterir.</li>
</ul>

<h2>İşe yarayan arama kalıpları</h2>
<p>Sızıntılar genellikle bir cevap değil, bir sıçrama noktasıdır. İçlerinde bulduğunuz tanımlayıcılar, gerçekten kaynak gösterebileceğiniz herkese açık ize götürür:</p>
<ul>
  <li><strong>Kullanıcı adından sıçrama.</strong> İnsanlar kullanıcı adlarını yıllarca yeniden kullanır. Bir sızıntıdaki kullanıcı adını {brand} gibi bir kullanıcı adı aramasından geçirerek aynı adın nerede kayıtlı olduğunu görün; aynı kişi olduğuna karar vermeden önce profil fotoğraflarını, biyografileri, oluşturulma tarihlerini ve yazım üslubunu karşılaştırın.</li>
  <li><strong>E-postadan sıçrama.</strong> Bir adres sağlayıcıyı, çoğu zaman gerçek bir adı ve sızıntı bildirim hizmetleri aracılığıyla hangi başka hizmetlerde kullanıldığını ortaya koyar.</li>
  <li><strong>Tam ifade aramaları.</strong> Arama motorları tırnak içindeki ifadeleri ve <code>site:</code> işlecini destekler. Bir belgedeki benzersiz dizgeler (bir proje adı, bir iç talep numarası) diğer kopyalarını ve muhtemel kaynağını bulur.</li>
  <li><strong>Arşivler.</strong> Internet Archive’ın Wayback Machine’i ve önbelleğe alınmış kopyalar, bir sayfanın düzenlenmeden ya da kaldırılmadan önce ne söylediğini gösterir.</li>
</ul>

<h2>Tekrarlanabilir bir iş akışı</h2>
<ol>
  <li><strong>Soruyu tanımlayın.</strong> Neyi ve neden bilmeniz gerektiğini yazın. "Şirketimizin müşteri verileri bu dökümde mi?" sorusu, "Bu hesabın arkasında kim var?" sorusundan çok farklı (ve çok daha az) veri gerektirir.</li>
  <li><strong>Dokunmadan önce belgeleyin.</strong> Sızıntıyı nerede, ne zaman bulduğunuzu ve nasıl tanımlandığını ekran görüntüleri ve URL’lerle kaydedin. Sakladığınız her dosyanın özetini (SHA-256) alın; böylece daha sonra değişmediğini kanıtlayabilirsiniz.</li>
  <li><strong>En aza indirin.</strong> Sorunuzu yanıtlayan en küçük örnekle çalışın. Tam dökümleri "ne olur ne olmaz" diye indirmeyin; pek çok hukuk düzeninde kişisel veriye sahip olmak yükümlülük doğurur.</li>
  <li><strong>Doğrulayın:</strong> yukarıdaki işaretleri kullanın ve notlarınıza ne kadar emin olduğunuzu yazın.</li>
  <li><strong>Herkese açık kaynaklara geçin.</strong> Bulguları herkese açık ve kaynak gösterilebilir malzemeyle doğrulayın: profiller, arşivlenmiş sayfalar, resmî kayıtlar.</li>
  <li><strong>Teyit edin.</strong> Tek kaynak bir ipucudur, iki bağımsız kaynak bir bulgudur. Özellikle kullanıcı adı eşleşmeleri ikinci bir işarete ihtiyaç duyar, çünkü yaygın kullanıcı adları birçok kişiye aittir.</li>
  <li><strong>Raporlayın ve imha edin.</strong> Ham veriyi değil, sonuçları paylaşın. Artık ihtiyacınız olmayanı silin ve ne zaman sildiğinizi not edin.</li>
</ol>

<h2>Etik üzerine bir not</h2>
<p>Bir sızıntıdaki insanlar onun kurbanlarıdır. Her adımdan önce bunun gerekli ve orantılı olup olmadığını sorun. Sızdırılmış kimlik bilgileriyle hiçbir yere giriş yapmayın: niyetiniz ne olursa olsun bu, hemen her yerde yetkisiz erişimdir. Kişisel verileri yeniden yayımlamayın ve başkalarına gösterdiklerinizi karartın. Çalıştığınız yerin yasalarına (GDPR ve KVKK gibi veri koruma kuralları araştırmacılar için de geçerlidir) ve kurumunuzun politikalarına uyun. Süregiden bir açıklık bulursanız, etkilenen kuruma ya da ulusal bir CERT’e sorumlu ifşa kanalıyla bildirin. İyi bir sızıntı incelemesi, verideki insanları eskisinden daha kötü durumda bırakmaz.</p>
`,
  },
  about: {
    title: '{brand} Nedir? Binlerce Sitede Kullanıcı Adı Araması',
    excerpt:
      '{brand}, bir kullanıcı adının binlerce sitede nerede kayıtlı olduğunu canlı olarak kontrol eder. Neyi kontrol ettiği, nasıl karar verdiği ve sonuçların nasıl okunacağı.',
    description:
      '{brand} açık kaynaklı bir kullanıcı adı aramasıdır: Sherlock, WhatsMyName ve Maigret kataloglarındaki binlerce siteyi canlı olarak kontrol eder ve her sonucu açıklar.',
    html: `
<p>{brand}, tek bir soruyu hızla yanıtlayan açık kaynaklı bir araçtır: <em>Bu kullanıcı adının nerede profili var?</em> Bir kullanıcı adı yazarsınız; {brand} onu kataloğundaki her siteyle aynı anda kontrol eder ve her yanıtı geldiği anda ekranınıza aktarır. Açılacak bir hesap ya da kurulacak bir şey yoktur.</p>

<h2>Siteler nereden geliyor</h2>
<p>{brand} kendi site listesini uydurmaz. OSINT uygulayıcılarının yıllardır güvendiği, topluluk tarafından sürdürülen üç kataloğu birleştirir:</p>
<ul>
  <li><strong>Sherlock</strong>: kullanıcı adı aramasını yaygınlaştıran proje; 400’ü aşkın platform için tespit kuralları içerir (MIT lisansı).</li>
  <li><strong>WhatsMyName</strong>: OSINT araştırmacılarının sürdürdüğü, her site için açık "hesap var" ve "hesap yok" işaretleri tanımlayan katalog (CC BY-SA 4.0).</li>
  <li><strong>Maigret</strong>: Sherlock’tan türetilmiş, binlerce site ve ek kontroller içeren büyük bir katalog (MIT lisansı).</li>
</ul>
<p>Aynı site birden çok katalogda yer aldığında {brand} onu bir kez kontrol eder ve her kataloğun kuralını uygular. Kurallar uzlaşırsa hangi katalogların uzlaştığını görürsünüz; çelişirlerse sonuç tahmin yürütmek yerine bunu söyler.</p>

<h2>Bir kontrol nasıl çalışır</h2>
<p>{brand} her site için kullanıcı adınızın profil sayfasını (ya da sitenin kendi sorgu adresini) ister ve yanıtı sitenin kuralıyla karşılaştırır: bir HTTP durum kodu, yalnızca var olan ya da olmayan profillerde görünen bir metin veya bir yönlendirme. Tüm siteler, her siteye karşı nazik kalmayı sağlayan sınırlarla paralel olarak kontrol edilir; böylece bir arama kabaca en yavaş sitenin yanıt süresi kadar sürer: genellikle bir dakikadan çok daha kısa.</p>

<h2>Sonuçları okumak</h2>
<ul>
  <li><strong>Bulundu</strong>: sitenin kuralına göre bu adla bir profil var. Açın ve aradığınız kişi olup olmadığını kontrol edin.</li>
  <li><strong>Bulunamadı</strong>: sitenin kuralına göre böyle bir profil yok.</li>
  <li><strong>Bilinmiyor</strong>: site değerlendirilemedi; zaman aşımına uğradı, bot koruma sayfası gösterdi, istek hızını sınırladı ya da hata döndürdü. {brand} bunları asla "bulunamadı"ya çevirmez, çünkü engellenen bir kontrol hesap hakkında hiçbir şey söylemez.</li>
  <li><strong>Atlandı</strong>: kullanıcı adı o sitede var olamaz (örneğin sitenin izin vermediği karakterler içeriyor), bu yüzden istek gönderilmedi.</li>
</ul>
<p>Kanıtı görmek için herhangi bir sonucu genişletin: HTTP durumu, karar veren kural, kontrolün ne kadar sürdüğü ve hangi katalogların uzlaştığı. Profil bağlantılarını kopyalayabilir ve her şeyi JSON veya CSV olarak dışa aktarabilirsiniz.</p>

<h2>{brand}’un yapmadıkları</h2>
<p>Kullanıcı adı eşleşmesi bir ipucudur, kimlik tespiti değil: yaygın kullanıcı adları birçok farklı kişiye aittir. {brand} hiçbir yere giriş yapmaz, korumaları aşmaz ve her sitenin anonim bir ziyaretçiye verdiği herkese açık yanıtın ötesinde hiçbir şey toplamaz. Onu araştırma, güvenlik değerlendirmeleri ve kendi dijital izinizi kontrol etmek için kullanın ve bir eşleşmeyi her zaman ikinci, bağımsız bir işaretle doğrulayın.</p>
`,
  },
  osint: {
    title: 'OSINT Nedir? Açık Kaynak İstihbaratına Başlangıç Rehberi',
    excerpt:
      'Açık kaynak istihbaratı, herkese açık bilgiyi soruları yanıtlamak için disiplinli biçimde kullanmaktır. Neyin kaynak sayıldığı, istihbarat döngüsü ve bulguları güvenilir kılan alışkanlıklar.',
    description:
      'Açık kaynak istihbaratına (OSINT) giriş: ne olduğu, kimlerin kullandığı, istihbarat döngüsü, yaygın kaynaklar ve teknikler ve etik uygulama.',
    html: `
<p>Açık kaynak istihbaratı (OSINT), herkesin yasal olarak edinebileceği bilgilerden üretilen istihbarattır: web siteleri, sosyal medya, kamu kayıtları, haberler, uydu görüntüleri, akademik makaleler, şirket beyanları. Buradaki "açık kaynak", açık kaynak yazılım değil, herkese açık bilgi anlamına gelir. Beceri bilgiyi bulmakta değil (bilgi zaten çok fazla), onu belirli bir soruya güvenilir bir yanıta dönüştürmektedir.</p>

<h2>Kimler kullanır</h2>
<p>Gazeteciler videoları doğrular ve dezenformasyonun izini sürer. Güvenlik ekipleri saldırganların kurumları hakkında neler öğrenebileceğini haritalar: açıktaki çalışan bilgileri, sızdırılmış kimlik bilgileri, unutulmuş sunucular. Dolandırıcılık ve durum tespiti analistleri bir şirketin ya da kişinin iddia ettiği kişi olup olmadığını kontrol eder. Araştırmacılar çevrim içi toplulukları inceler. Bireyler de kendi dijital izlerini bir yabancının göreceği gibi görmek için kullanır.</p>

<h2>İstihbarat döngüsü</h2>
<ol>
  <li><strong>Planlama ve yönlendirme.</strong> Kesin bir soruyla ve görevinizin sınırlarıyla başlayın. "X hakkında her şeyi bul" bir soru değildir; "@ornek hesabı, ornek.com alan adını kaydeden kişiyle aynı mı?" bir sorudur.</li>
  <li><strong>Toplama.</strong> O soruyu yanıtlayabilecek kaynaklardan malzeme toplayın ve her parçanın nereden ve ne zaman geldiğini kaydedin.</li>
  <li><strong>İşleme.</strong> Çevirin, normalleştirin, tekrarları ayıklayın ve değişebilecek sayfaları arşivleyin.</li>
  <li><strong>Analiz.</strong> Her kaynağın güvenilirliğini değerlendirin, teyit arayın, alternatif açıklamaları düşünün ve ne kadar emin olduğunuzu belirtin.</li>
  <li><strong>Yayma.</strong> Bulguları, başkasının çalışmanızı kontrol edebilmesi için kaynaklarıyla birlikte raporlayın.</li>
</ol>

<h2>Yaygın kaynaklar ve teknikler</h2>
<ul>
  <li><strong>Arama motorları</strong> ve işleçleri: tırnak içindeki ifadeler, <code>site:</code>, <code>filetype:</code>, tarih aralıkları.</li>
  <li><strong>Kullanıcı adı ve e-posta aramaları</strong>: bir tanımlayıcının nerede kayıtlı olduğunu gösterir. {brand} gibi araçlar binlerce siteyi aynı anda kontrol eder.</li>
  <li><strong>Görüntü analizi</strong>: tersine görsel arama, korunmuşsa üst veriler (EXIF) ve simge yapılardan, gölgelerden ve tabelalardan konum tespiti.</li>
  <li><strong>Alan adı ve ağ kayıtları</strong>: WHOIS geçmişi, DNS, TLS sertifikaları ve şeffaflık kayıtları.</li>
  <li><strong>Arşivler</strong>: Wayback Machine ve önbellekteki sayfalar daha önce orada ne olduğunu gösterir.</li>
  <li><strong>Kamu kayıtları</strong>: ülkeye göre ticaret sicilleri, mahkeme kayıtları ve kamu alımı verileri.</li>
</ul>

<h2>Bulguları güvenilir kılan alışkanlıklar</h2>
<p>Her kaynağın zaman damgalı kaydını tutun. Kaynak göstermeden önce sayfaları arşivleyin. Gözlemlediğinizi vardığınız sonuçtan ayırın. Yalnızca sizi doğrulayan kanıtları değil, yanıldığınızı gösterebilecek kanıtları da arayın. Tek bir eşleşmeyi, özellikle bir kullanıcı adını, ikinci bağımsız bir işaret doğrulayana kadar ipucu olarak görün.</p>

<h2>Etik ve hukuk</h2>
<p>Herkese açık olması, her şeyin serbest olduğu anlamına gelmez. Yalnızca sorunuzun gerektirdiğini toplayın, insanları kandırmayın veya taciz etmeyin, yetkiniz olmayan hesaplara ya da sistemlere asla erişmeyin ve GDPR ile KVKK gibi veri koruma mevzuatına uyun. Bulgularınız yanlış çıkarsa ya da sızarsa kimlerin zarar görebileceğini sorun. İyi OSINT doğru, orantılı ve hesap verebilirdir.</p>
`,
  },
};
