/**
 * Legal texts of the public site: `/gizlilik-politikasi` (privacy policy and KVKK notice) and
 * `/kullanim-sozlesmesi` (terms of use). Kept apart from texts/public.ts so the landing page does
 * not download them. Plan figures come from the contract, so the terms never disagree with the
 * pricing table.
 */
import { formatNumber } from '@qrmenu/contract/src/format.js';
import { PLANS } from '@qrmenu/contract/src/plans.js';

export type LegalBlock = string | { list: readonly string[]; ordered?: boolean } | { link: { to: string; label: string } };
export interface LegalSection {
  id: string;
  title: string;
  blocks: readonly LegalBlock[];
}
export interface LegalDoc {
  title: string;
  /** One line under the title. */
  summary: string;
  updated: string;
  intro: readonly string[];
  sections: readonly LegalSection[];
}

export const LEGAL_UI = {
  toc: 'İçindekiler',
  updated: 'Son güncelleme',
  backToTop: 'Başa dön',
  related: 'İlgili metin',
  questions: 'Sorunuz mu var?',
  questionsText: 'Bu metinle ilgili her türlü soru için bize yazabilirsiniz.',
  contact: 'İletişim sayfası',
} as const;

const UPDATED = '22 Kasım 2026';
const [starter, standard, pro] = [PLANS['0'], PLANS['1'], PLANS['2']];
const views = (n: number | null) => (n == null ? 'sınırsız menü görüntülenmesi' : `aylık ${formatNumber(n)} menü görüntülenmesi`);

export const PRIVACY: LegalDoc = {
  title: 'Gizlilik Politikası ve KVKK Aydınlatma Metni',
  summary: 'Hangi kişisel verileri, hangi amaçla ve hangi hukuki sebeple işlediğimizi ve haklarınızı açıklar.',
  updated: UPDATED,
  intro: [
    'QR Menü olarak kişisel verilerinizin korunmasına önem veriyoruz. Bu metin; QR Menü web sitesini, işletme yönetim panelini ve işletmelerin QR menü sayfalarını (birlikte “Hizmet”) kullanırken işlenen kişisel verilere ilişkin olarak, 6698 sayılı Kişisel Verilerin Korunması Kanunu’nun (“KVKK”) 10. maddesi uyarınca aydınlatma yükümlülüğümüzü yerine getirmek ve gizlilik uygulamalarımızı açıklamak amacıyla hazırlanmıştır.',
  ],
  sections: [
    {
      id: 'veri-sorumlusu',
      title: '1. Veri Sorumlusu',
      blocks: [
        'Kişisel verileriniz, veri sorumlusu sıfatıyla QR Menü hizmetini sunan işletme (“QR Menü”, “biz”) tarafından, bu metinde açıklanan kapsamda işlenmektedir.',
        'QR menü sayfalarında yayımlanan ürün, fiyat, açıklama ve fotoğraflar ilgili işletme tarafından girilir. Bir işletmenin kendi misafirlerine ilişkin olarak ayrıca yürüttüğü veri işleme faaliyetlerinden (örneğin rezervasyon veya sadakat programları) o işletme kendisi sorumludur.',
      ],
    },
    {
      id: 'islenen-veriler',
      title: '2. İşlenen Kişisel Veriler',
      blocks: [
        'Hizmeti kullanımınıza göre aşağıdaki kişisel veriler işlenebilir:',
        {
          list: [
            'Hesap bilgileri: ad soyad, e-posta adresi, şifrenizin geri döndürülemez biçimde özetlenmiş (hash) hâli, üyelik paketi, hesap durumu, kayıt ve güncelleme tarihleri.',
            'İşletme profili: işletme adı, adres, il, telefon numarası, masa sayısı ve QR menü bağlantınız.',
            'Menü içeriği: kategori ve ürün adları, açıklamalar, fiyatlar, alerjen bilgileri ve yüklediğiniz fotoğraflar. Fotoğraflar sunucumuzda yeniden kodlanır; dosyaya gömülü konum ve cihaz bilgileri (EXIF) saklanmaz.',
            'İletişim mesajları: iletişim formlarında paylaştığınız ad, soyad, firma adı, e-posta adresi, telefon numarası ve mesaj içeriği.',
            'Teknik kayıtlar: Hizmetin güvenliği için tutulan sunucu kayıtları (IP adresi, tarih ve saat, istenen sayfa, tarayıcı bilgisi) ve oturum açtığınızda oluşturulan erişim anahtarı.',
            'Görüntülenme sayıları: QR menülerin işletme, kategori ve gün bazında kaç kez açıldığı yalnızca sayı olarak tutulur. Bu sayılar, menüyü görüntüleyen kişilerle (IP adresi, cihaz kimliği, konum vb.) ilişkilendirilmez; menüyü görüntüleyen misafirler hakkında profil oluşturulmaz.',
          ],
        },
        'Hizmette reklam veya davranışsal izleme amaçlı çerez ya da üçüncü taraf analiz aracı kullanılmamaktadır. Tarayıcınızın yerel depolama alanında yalnızca Hizmetin çalışması için gereken bilgiler (oturum anahtarı, kullanıcı adınız ve duyuru bandını kapattığınız bilgisi) tutulur.',
        'Masadan garson çağıran veya anket gönderen misafirin telefonuna, kötüye kullanımı önlemek için zorunlu tek bir çerez (qrm_cihaz) yerleştirilir: rastgele bir kimlikten ibarettir, kişiyle ilişkilendirilmez, 12 saat sonra silinir; sunucuda yalnızca 10 dakikalık gönderim sayacının anahtarı olarak tutulur ve veri tabanına yazılmaz.',
      ],
    },
    {
      id: 'toplama-yontemi',
      title: '3. Toplama Yöntemi',
      blocks: [
        'Kişisel verileriniz; kayıt, yönetim paneli ve iletişim formları aracılığıyla doğrudan sizden, teknik kayıtlar ise Hizmeti kullanırken otomatik yollarla elektronik ortamda toplanır.',
      ],
    },
    {
      id: 'amaclar',
      title: '4. İşleme Amaçları',
      blocks: [
        {
          list: [
            'Üyelik kaydınızı oluşturmak, kimliğinizi doğrulamak ve hesabınızı yönetmek,',
            'Dijital menünüzü ve QR kodunuzu oluşturmak, yayımlamak ve barındırmak,',
            'Paket limitlerini (ürün sayısı, aylık görüntülenme) uygulamak ve size menü istatistiklerini sunmak,',
            'İletişim taleplerinizi yanıtlamak ve destek sağlamak,',
            'Hizmetin ve bilgilerin güvenliğini sağlamak, kötüye kullanımı (örneğin aşırı istek) önlemek ve hataları tespit etmek,',
            'Hizmetle ilgili önemli değişiklikleri (örneğin sözleşme güncellemelerini) size bildirmek,',
            'Mevzuattan doğan yükümlülüklerimizi yerine getirmek ve yetkili kurumların taleplerini karşılamak.',
          ],
        },
      ],
    },
    {
      id: 'hukuki-sebepler',
      title: '5. Hukuki Sebepler (KVKK md. 5)',
      blocks: [
        'Kişisel verileriniz, KVKK’nın 5. maddesinde sayılan aşağıdaki hukuki sebeplere dayanılarak işlenir:',
        {
          list: [
            'Bir sözleşmenin kurulması veya ifasıyla doğrudan doğruya ilgili olması (md. 5/2-c): hesap bilgileri, işletme profili ve menü içeriğinin işlenmesi, Hizmetin sunulması ve henüz müşterimiz olmadan gönderdiğiniz bilgi taleplerinin yanıtlanması.',
            'Veri sorumlusunun hukuki yükümlülüğünü yerine getirebilmesi için zorunlu olması (md. 5/2-ç): 5651 sayılı Kanun ve ilgili mevzuat kapsamındaki kayıtların tutulması ve yetkili makamların taleplerinin karşılanması.',
            'Bir hakkın tesisi, kullanılması veya korunması için zorunlu olması (md. 5/2-e): olası uyuşmazlıklarda kayıtların delil olarak kullanılması.',
            'İlgili kişinin temel hak ve özgürlüklerine zarar vermemek kaydıyla veri sorumlusunun meşru menfaatleri için zorunlu olması (md. 5/2-f): güvenlik kayıtları, kötüye kullanımın önlenmesi, iletişim mesajlarının yanıtlanması ve Hizmetin iyileştirilmesi.',
          ],
        },
        'Bu hukuki sebeplerin dışında kalan bir amaçla (örneğin ticari elektronik ileti gönderimi) kişisel veri işlememiz gerekirse, bunu ancak açık rızanızı alarak yaparız. Açık rızanızı dilediğiniz zaman geri alabilirsiniz.',
      ],
    },
    {
      id: 'aktarim',
      title: '6. Kişisel Verilerin Aktarılması',
      blocks: [
        'Kişisel verilerinizi satmayız, kiralamayız ve reklam amacıyla kimseyle paylaşmayız. Verileriniz yalnızca aşağıdaki hâllerde ve KVKK’nın 8. ve 9. maddelerine uygun olarak aktarılabilir:',
        {
          list: [
            'Hizmeti sunabilmek için destek aldığımız barındırma (sunucu), yedekleme ve e-posta hizmeti sağlayıcılarına; yalnızca hizmetin gerektirdiği ölçüde ve gizlilik yükümlülüğü altında,',
            'Kanunen yetkili kamu kurum ve kuruluşları ile adli makamlara; talep hâlinde ve mevzuatın gerektirdiği ölçüde.',
          ],
        },
        'Menü içeriğiniz ve işletme adınız, Hizmetin doğası gereği QR menü sayfanız aracılığıyla herkese açık olarak yayımlanır. Hizmet sağlayıcılarımızdan birinin yurt dışında bulunması hâlinde aktarım, KVKK’nın 9. maddesinde öngörülen güvencelere (yeterlilik kararı, standart sözleşme vb.) uygun olarak yapılır.',
      ],
    },
    {
      id: 'saklama',
      title: '7. Saklama Süreleri',
      blocks: [
        {
          list: [
            'Hesap bilgileri ve işletme profili: üyeliğiniz süresince; hesabınızı sildiğinizde (Hesabım › Hesabımı sil) hemen ve kalıcı olarak silinir. Yönetici işlem kayıtlarında yalnızca hangi işletmede hangi işlemin ne zaman yapıldığı, değerler olmadan kalır.',
            'Menü içeriği ve fotoğraflar: üyeliğiniz süresince; hesabınız kapatıldığında yayından kaldırılır ve silinir.',
            'İletişim mesajları: talebiniz sonuçlandıktan sonra en fazla 2 yıl.',
            'Teknik kayıtlar: 5651 sayılı Kanun ve ilgili yönetmelikte öngörülen süre boyunca (en az 1, en fazla 2 yıl).',
            'Erişim anahtarları: oturumunuzu kapattığınızda veya süresi dolduğunda geçersiz kılınır. E-posta ile gönderilen şifre sıfırlama (60 dakika) ve e-posta doğrulama (48 saat) bağlantıları tek kullanımlıktır ve yalnızca özetleri saklanır.',
            'Görüntülenme sayıları: kişisel veri içermediğinden istatistik amacıyla tutulmaya devam edebilir.',
          ],
        },
        'Süresi dolan kişisel veriler, Kişisel Verilerin Silinmesi, Yok Edilmesi veya Anonim Hale Getirilmesi Hakkında Yönetmelik’e uygun olarak silinir, yok edilir veya anonim hâle getirilir.',
      ],
    },
    {
      id: 'guvenlik',
      title: '8. Veri Güvenliği',
      blocks: [
        'Kişisel verilerinizi korumak için KVKK’nın 12. maddesine uygun teknik ve idari tedbirler alırız: şifreler güncel algoritmalarla geri döndürülemez biçimde özetlenerek saklanır, erişim anahtarları sunucuda özetlenmiş olarak tutulur, her işletme yalnızca kendi verilerine erişebilir, yüklenen dosyalar denetlenip yeniden kodlanır, aşırı istekler sınırlandırılır ve verilere erişim yetkili personelle sınırlıdır.',
      ],
    },
    {
      id: 'haklariniz',
      title: '9. Haklarınız (KVKK md. 11)',
      blocks: [
        'KVKK’nın 11. maddesi uyarınca bize başvurarak;',
        {
          list: [
            'a) Kişisel verilerinizin işlenip işlenmediğini öğrenme,',
            'b) Kişisel verileriniz işlenmişse buna ilişkin bilgi talep etme,',
            'c) Kişisel verilerinizin işlenme amacını ve bunların amacına uygun kullanılıp kullanılmadığını öğrenme,',
            'ç) Yurt içinde veya yurt dışında kişisel verilerinizin aktarıldığı üçüncü kişileri bilme,',
            'd) Kişisel verileriniz eksik veya yanlış işlenmişse bunların düzeltilmesini isteme,',
            'e) KVKK’nın 7. maddesinde öngörülen şartlar çerçevesinde kişisel verilerinizin silinmesini veya yok edilmesini isteme,',
            'f) (d) ve (e) bentleri uyarınca yapılan işlemlerin, kişisel verilerinizin aktarıldığı üçüncü kişilere bildirilmesini isteme,',
            'g) İşlenen verilerin münhasıran otomatik sistemler vasıtasıyla analiz edilmesi suretiyle aleyhinize bir sonucun ortaya çıkmasına itiraz etme,',
            'ğ) Kişisel verilerinizin kanuna aykırı olarak işlenmesi sebebiyle zarara uğramanız hâlinde zararın giderilmesini talep etme',
          ],
        },
        'haklarına sahipsiniz. Hesap ve menü bilgilerinizin büyük bölümünü yönetim panelinizden (Ayarlar, Kategoriler, Ürünler) kendiniz görüntüleyip düzeltebilirsiniz.',
        'Bu haklarınızı beklemeden, yönetim panelinizdeki Hesabım sayfasından kendiniz de kullanabilirsiniz:',
        {
          list: [
            'Verilerimi indir: hesap, işletme, kategori ve ürün bilgileriniz, bu adresten gönderdiğiniz iletişim mesajları ve yüklediğiniz fotoğraflar tek bir ZIP dosyası olarak iner. Şifreniz ve oturum bilgileriniz yalnızca geri döndürülemez özetler olarak saklandığından dosyaya eklenmez.',
            'Hesabımı sil: şifrenizle onayladığınızda hesabınız, işletme bilgileriniz, kategorileriniz, ürünleriniz, fotoğraflarınız, oturumlarınız ve hesabınıza bağlı diğer tüm kayıtlar tek işlemde kalıcı olarak silinir; menünüz hemen yayından kalkar ve e-posta adresinize bir onay iletisi gönderilir.',
            'Ad, e-posta ve şifre değişikliği: e-posta adresinizi değiştirdiğinizde yeni adresinizi doğrulamanız istenir ve eski adresinize bilgi verilir.',
          ],
        },
        { link: { to: '/user/hesap', label: 'Hesabım sayfasına git' } },
      ],
    },
    {
      id: 'basvuru',
      title: '10. Başvuru Yöntemi',
      blocks: [
        'Haklarınıza ilişkin taleplerinizi, Veri Sorumlusuna Başvuru Usul ve Esasları Hakkında Tebliğ’e uygun olarak yazılı olarak ya da Hizmette kayıtlı e-posta adresinizi kullanarak iletişim sayfamızdaki form aracılığıyla iletebilirsiniz. Başvurunuzda adınız soyadınız, iletişim bilgileriniz ve talebinizin konusu yer almalıdır.',
        'Başvurunuz, niteliğine göre en kısa sürede ve en geç otuz gün içinde ücretsiz olarak sonuçlandırılır; işlemin ayrıca bir maliyet gerektirmesi hâlinde Kişisel Verileri Koruma Kurulu’nca belirlenen tarifedeki ücret alınabilir. Başvurunuzun reddedilmesi, verilen cevabı yetersiz bulmanız veya süresinde cevap verilmemesi hâlinde Kurul’a şikâyette bulunabilirsiniz.',
        { link: { to: '/iletisim', label: 'İletişim formuna git' } },
      ],
    },
    {
      id: 'cocuklar',
      title: '11. Çocukların Gizliliği',
      blocks: [
        'Hizmete üyelik 18 yaşını doldurmuş kişilere açıktır. 18 yaşından küçüklere ait kişisel verileri bilerek işlemeyiz; böyle bir durumu fark edersek ilgili hesabı ve verileri sileriz.',
      ],
    },
    {
      id: 'degisiklikler',
      title: '12. Değişiklikler',
      blocks: [
        'Bu metni, mevzuattaki veya Hizmetteki değişikliklere göre güncelleyebiliriz. Güncel metin her zaman bu sayfada yayımlanır; önemli değişiklikleri ayrıca kayıtlı e-posta adresinize veya yönetim paneli üzerinden bildiririz.',
      ],
    },
  ],
};

export const TERMS: LegalDoc = {
  title: 'Kullanım Sözleşmesi',
  summary: 'QR Menü hizmetini kullanırken sizin ve bizim hak ve yükümlülüklerimizi düzenler.',
  updated: UPDATED,
  intro: [
    'Bu Kullanım Sözleşmesi (“Sözleşme”), QR Menü hizmetinin kullanım koşullarını düzenler. Kayıt formundaki onay kutusunu işaretleyerek üye olduğunuzda bu Sözleşme’yi okuduğunuzu, anladığınızı ve kabul ettiğinizi beyan etmiş olursunuz. Lütfen kayıt olmadan önce dikkatlice okuyunuz.',
  ],
  sections: [
    {
      id: 'taraflar',
      title: '1. Taraflar',
      blocks: [
        'Bu Sözleşme; QR Menü hizmetini sunan işletme (“QR Menü”) ile QR Menü web sitesi üzerinden üyelik oluşturan gerçek veya tüzel kişi (“Kullanıcı”) arasında, Kullanıcı’nın kayıt sırasında Sözleşme’yi onaylamasıyla elektronik ortamda kurulmuştur. Kullanıcı’nın QR menüsünü görüntüleyen misafirler bu Sözleşme’nin tarafı değildir.',
      ],
    },
    {
      id: 'tanimlar',
      title: '2. Tanımlar',
      blocks: [
        {
          list: [
            'Hizmet: İşletmelerin dijital menü oluşturmasını, yönetmesini ve QR kod aracılığıyla yayımlamasını sağlayan çevrim içi yazılım hizmeti.',
            'Yönetim Paneli: Kullanıcı’nın menüsünü, işletme bilgilerini ve QR kodunu yönettiği, şifreyle korunan alan.',
            'Menü Sayfası: Kullanıcı’nın menüsünün misafirlere gösterildiği, QR kod ile açılan ve herkese açık olan sayfa.',
            'İçerik: Kullanıcı’nın Hizmete girdiği her türlü metin, fiyat, alerjen bilgisi, fotoğraf ve işletme bilgisi.',
            'Misafir: Kullanıcı’nın işletmesinde Menü Sayfası’nı görüntüleyen kişi.',
          ],
        },
      ],
    },
    {
      id: 'hizmet',
      title: '3. Hizmetin Kapsamı',
      blocks: [
        'Hizmet kapsamında Kullanıcı; kategori ve ürün oluşturabilir, ürünlere fotoğraf, açıklama, alerjen ve fiyat bilgisi ekleyebilir, ürünleri yayına alıp kaldırabilir, işletmesine özel QR kodu indirebilir ve menüsünün görüntülenme istatistiklerini izleyebilir.',
        'QR Menü, Hizmeti geliştirmek amacıyla özellik ekleme, değiştirme veya kaldırma hakkını saklı tutar; Kullanıcı aleyhine esaslı değişiklikleri önceden bildirir. Hizmetin kesintisiz ve hatasız çalışması için makul özen gösterilir; planlı bakım çalışmaları mümkün olduğunca önceden duyurulur.',
      ],
    },
    {
      id: 'uyelik',
      title: '4. Üyelik ve Hesap Güvenliği',
      blocks: [
        {
          list: [
            'Üye olabilmek için 18 yaşını doldurmuş ve fiil ehliyetine sahip olmak gerekir. 18 yaşından küçükler üyelik oluşturamaz ve Hizmeti kullanamaz.',
            'Bir tüzel kişi adına kayıt olan kişi, o tüzel kişiyi temsile ve onun adına bu Sözleşme’yi kabul etmeye yetkili olduğunu beyan eder.',
            'Kullanıcı, kayıt sırasında ve sonrasında verdiği bilgilerin doğru, güncel ve eksiksiz olmasından sorumludur.',
            'Şifrenin gizliliğinden ve hesap üzerinden yapılan tüm işlemlerden Kullanıcı sorumludur. Hesap başkasına devredilemez, satılamaz veya kullandırılamaz.',
            'Kullanıcı, hesabının yetkisiz kullanıldığını fark ettiğinde bunu derhâl QR Menü’ye bildirir.',
          ],
        },
      ],
    },
    {
      id: 'icerik',
      title: '5. Menü İçeriğinden Kullanıcının Sorumluluğu',
      blocks: [
        'Menü Sayfası’nda yayımlanan tüm İçerik Kullanıcı tarafından girilir ve İçeriğin doğruluğundan, güncelliğinden ve hukuka uygunluğundan yalnızca Kullanıcı sorumludur. QR Menü, İçeriği yayımlanmadan önce denetlemez. Kullanıcı özellikle:',
        {
          list: [
            'Menüdeki fiyatların güncel olmasından ve 6502 sayılı Tüketicinin Korunması Hakkında Kanun ile Fiyat Etiketi Yönetmeliği başta olmak üzere ilgili mevzuata uygun olarak, vergiler dâhil satış fiyatı şeklinde gösterilmesinden sorumludur. Menüde gösterilen fiyat ile tahsil edilen fiyat arasındaki farklılıktan doğan uyuşmazlıklardan QR Menü sorumlu değildir.',
            'Alerjen ve içerik bilgilerinin doğru ve eksiksiz girilmesinden sorumludur. Bu bilgiler Misafirlerin sağlığı açısından kritik önemdedir; eksik veya hatalı alerjen bilgisinden doğan zararlardan QR Menü sorumlu tutulamaz. Kullanıcı, gerektiğinde Misafirlere alerjenler hakkında ayrıca sözlü bilgi verilmesini sağlar.',
            'Yüklediği fotoğraf ve metinleri kullanma hakkına sahip olduğunu, bunların üçüncü kişilerin fikrî mülkiyet, kişilik veya diğer haklarını ihlal etmediğini kabul eder.',
            'Hukuka, genel ahlaka aykırı, yanıltıcı veya reklam mevzuatına (alkollü içecek ve tütün ürünlerine ilişkin kısıtlamalar dâhil) aykırı İçerik yayımlamamayı kabul eder.',
          ],
        },
        'İçerik nedeniyle üçüncü kişilerin veya kamu kurumlarının QR Menü’ye yönelteceği taleplerden doğan her türlü zarardan Kullanıcı sorumludur.',
      ],
    },
    {
      id: 'paketler',
      title: '6. Paketler, Limitler ve Ücretler',
      blocks: [
        'Hizmet aşağıdaki paketlerle sunulur:',
        {
          list: [
            `${starter.name}: ücretsizdir; menü başına ${starter.productLimit} ürün ve ${views(starter.monthlyViews)} içerir. Reklam destekli olan bu pakette Menü Sayfası’nda küçük bir “QR Menü ile hazırlandı” bağlantısı yer alır.`,
            `${standard.name}: aylık ${standard.priceTl} TL; menü başına ${standard.productLimit} ürün, ${views(standard.monthlyViews)}, analiz ve profesyonel destek içerir.`,
            `${pro.name}: aylık ${pro.priceTl} TL; menü başına ${pro.productLimit} ürün, ${views(pro.monthlyViews)}, analiz ve profesyonel destek içerir.`,
          ],
        },
        `${standard.name} ve ${pro.name} paketleri yakında satışa sunulacaktır; ödeme koşulları paketler satışa açıldığında ayrıca bildirilir. Ürün limitine ulaşıldığında yeni ürün eklenemez. Aylık görüntülenme kotası aşıldığında Menü Sayfası Misafirlere açık kalmaya devam eder; aşım Yönetim Paneli’nde gösterilir ve Kullanıcı’dan uygun pakete geçmesi istenebilir.`,
        'Ücret değişiklikleri yürürlüğe girmeden en az 30 gün önce duyurulur ve ödemesi yapılmış dönemi etkilemez.',
      ],
    },
    {
      id: 'adres-degisikligi',
      title: '7. Adres ve İletişim Bilgilerindeki Değişiklikler',
      blocks: [
        'Kullanıcı’nın kayıt sırasında veya Yönetim Paneli’nde bildirdiği e-posta adresi ve işletme adresi, bu Sözleşme kapsamındaki bildirimler için geçerli adres kabul edilir.',
        'Kullanıcı, adresinde veya iletişim bilgilerinde meydana gelen değişikliği, değişiklik tarihinden itibaren 5 (beş) gün içinde QR Menü’ye yazılı olarak bildirmekle yükümlüdür. Süresinde bildirilmeyen değişiklikler nedeniyle eski adrese yapılan bildirimler Kullanıcı’ya yapılmış sayılır.',
      ],
    },
    {
      id: 'askiya-alma',
      title: '8. Hizmetin Askıya Alınması ve Sözleşmenin Sona Ermesi',
      blocks: [
        'QR Menü; Sözleşme’ye veya mevzuata aykırılık, hukuka aykırı veya yanıltıcı İçerik, Hizmetin güvenliğini tehdit eden kullanım (sisteme yetkisiz erişim denemesi, otomatik aşırı istek gönderme vb.) ya da ödeme yükümlülüğünün yerine getirilmemesi hâllerinde Kullanıcı’nın hesabını geçici olarak askıya alabilir (pasif duruma getirebilir) ve ilgili İçeriği yayından kaldırabilir. Mümkün olan durumlarda Kullanıcı’ya önceden bildirimde bulunulur ve aykırılığı gidermesi için makul süre tanınır.',
        'Ağır veya tekrarlanan ihlallerde QR Menü Sözleşme’yi bildirimle feshedebilir. Kullanıcı da hesabının kapatılmasını talep ederek Sözleşme’yi dilediği zaman sona erdirebilir. Sözleşmenin sona ermesiyle Menü Sayfası yayından kaldırılır; kişisel verilerin saklanması Gizlilik Politikası’na göre yürütülür.',
      ],
    },
    {
      id: 'fikri-mulkiyet',
      title: '9. Fikrî Mülkiyet',
      blocks: [
        'Hizmete ilişkin yazılım, tasarım, marka ve diğer tüm fikrî mülkiyet hakları QR Menü’ye aittir. Kullanıcı’ya, Sözleşme süresince Hizmeti kullanmak için devredilemez ve münhasır olmayan bir kullanım hakkı tanınır.',
        'İçerik üzerindeki haklar Kullanıcı’da kalır. Kullanıcı, İçeriğin Menü Sayfası’nda yayımlanması için gerekli ölçüde (barındırma, yeniden boyutlandırma, biçim dönüştürme ve gösterme) QR Menü’ye Sözleşme süresiyle sınırlı, ücretsiz bir kullanım izni verir.',
      ],
    },
    {
      id: 'kisisel-veriler',
      title: '10. Kişisel Veriler',
      blocks: [
        'Kullanıcı’ya ait kişisel veriler, Gizlilik Politikası ve KVKK Aydınlatma Metni’ne uygun olarak işlenir. Kullanıcı, Hizmet aracılığıyla kendi Misafirlerine ilişkin kişisel veri işlemesi hâlinde (örneğin anket veya geri bildirim yoluyla) bu veriler bakımından veri sorumlusu olduğunu ve 6698 sayılı Kanun’dan doğan yükümlülüklerine uyacağını kabul eder.',
        { link: { to: '/gizlilik-politikasi', label: 'Gizlilik Politikası ve KVKK Aydınlatma Metni' } },
      ],
    },
    {
      id: 'sorumluluk',
      title: '11. Sorumluluğun Sınırlandırılması',
      blocks: [
        'QR Menü; internet altyapısından, üçüncü taraf hizmet sağlayıcılardan veya mücbir sebeplerden kaynaklanan kesintilerden, Kullanıcı İçeriğinden ve Kullanıcı’nın Hizmeti Sözleşme’ye aykırı kullanmasından doğan zararlardan sorumlu değildir. Dolaylı zararlar, kâr kaybı ve itibar kaybından sorumluluk kabul edilmez.',
        'Ücretli paketlerde QR Menü’nün toplam sorumluluğu, zarara yol açan olaydan önceki 12 ay içinde Kullanıcı’nın ödediği hizmet bedeliyle sınırlıdır. Kasıt ve ağır ihmal hâllerinde kanundan doğan sorumluluk saklıdır.',
      ],
    },
    {
      id: 'mucbir-sebep',
      title: '12. Mücbir Sebepler',
      blocks: [
        'Doğal afet, salgın, savaş, terör, grev, genel enerji veya iletişim kesintisi, siber saldırı ve tarafların kontrolü dışındaki benzeri olaylar mücbir sebep sayılır. Mücbir sebep süresince tarafların etkilenen yükümlülükleri askıya alınır.',
      ],
    },
    {
      id: 'degisiklikler',
      title: '13. Sözleşme Değişiklikleri',
      blocks: [
        'QR Menü bu Sözleşme’yi değiştirebilir. Güncel metin bu sayfada yayımlanır; Kullanıcı aleyhine esaslı değişiklikler yürürlüğe girmeden en az 15 gün önce kayıtlı e-posta adresine veya Yönetim Paneli üzerinden bildirilir. Değişikliği kabul etmeyen Kullanıcı, yürürlük tarihinden önce Sözleşme’yi sona erdirebilir; yürürlük tarihinden sonra Hizmeti kullanmaya devam etmesi değişikliğin kabulü anlamına gelir.',
      ],
    },
    {
      id: 'bildirimler-delil',
      title: '14. Bildirimler ve Delil Sözleşmesi',
      blocks: [
        'Taraflar arasındaki bildirimler, Kullanıcı’nın kayıtlı e-posta adresine, Yönetim Paneli üzerinden veya yazılı olarak yapılır. Taraflar, bu Sözleşme’den doğabilecek uyuşmazlıklarda QR Menü’nün elektronik kayıtlarının, sunucu kayıtlarının ve yazışmaların 6100 sayılı Hukuk Muhakemeleri Kanunu’nun 193. maddesi uyarınca geçerli delil olacağını kabul eder; karşı delil sunma hakkı saklıdır.',
      ],
    },
    {
      id: 'uygulanacak-hukuk',
      title: '15. Uygulanacak Hukuk ve Uyuşmazlıkların Çözümü',
      blocks: [
        'Bu Sözleşme Türkiye Cumhuriyeti hukukuna tabidir. Tüketici sıfatını taşıyan Kullanıcılar, parasal sınırlar dâhilinde Tüketici Hakem Heyetlerine ve Tüketici Mahkemelerine başvurabilir. Diğer uyuşmazlıklarda İstanbul (Çağlayan) Mahkemeleri ve İcra Daireleri yetkilidir.',
      ],
    },
    {
      id: 'yururluk',
      title: '16. Yürürlük',
      blocks: [
        'On altı maddeden oluşan bu Sözleşme, Kullanıcı’nın kayıt sırasında elektronik ortamda onaylamasıyla yürürlüğe girer ve üyelik devam ettiği sürece geçerlidir.',
      ],
    },
  ],
};
