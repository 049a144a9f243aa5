import type { SeedCategory, SeedProduct } from "./types.ts";

/** Starter catalogue, filled into an empty shop only (see seed.ts). Texts are Turkish. */
export const seedCategories: SeedCategory[] = [
  {
    id: 1,
    name: "Bitki Çayları",
    description: "Anadolu'nun dağlarından ve yaylalarından elle toplanıp gölgede kurutulan bitki çayları.",
  },
  {
    id: 2,
    name: "Doğal Yağlar",
    description: "Soğuk sıkım bitkisel yağlar ve buhar damıtmasıyla elde edilen saf uçucu yağlar.",
  },
  {
    id: 3,
    name: "Doğal Sabunlar",
    description: "Zeytinyağı bazlı, soğuk yöntemle küçük partiler hâlinde üretilen el yapımı sabunlar.",
  },
  {
    id: 4,
    name: "Arı Ürünleri",
    description: "Güvenilir arıcılardan gelen süzme ballar, polen ve diğer doğal arı ürünleri.",
  },
  {
    id: 5,
    name: "Baharat ve Karışımlar",
    description: "Taze öğütülmüş baharatlar, geleneksel karışımlar ve doğal unlar.",
  },
];

const img = (...slugs: string[]) => slugs.map((s) => `/images/products/${s}.svg`);
const etsy = (id: number, slug: string) => `https://www.etsy.com/listing/${id}/${slug}`;

export const seedProducts: SeedProduct[] = [
  {
    id: 1,
    name: "Ihlamur Çayı",
    short_description: "Elle toplanmış ıhlamur çiçeklerinden hazırlanan, yumuşak ve hoş kokulu bitki çayı.",
    description: "Kurutulmuş ıhlamur çiçekleri ve yaprakları. Soğuk kış akşamlarında geleneksel olarak sıcak içilir.",
    long_description: `<p>Ihlamur, Anadolu'da kuşaktan kuşağa aktarılan en sevilen kış çaylarından biridir. Çiçekleri yaz başında elle toplanır ve gölgede, doğal yollarla kurutulur.</p>
<p>Tatlımsı, hafif balımsı aroması sayesinde akşam saatlerinde <strong>dinlendirici bir ritüel</strong> olarak geleneksel olarak tercih edilir.</p>
<h3>Hazırlanışı</h3>
<ol>
<li>Bir tatlı kaşığı ıhlamuru fincana koyun.</li>
<li>Üzerine kaynamış ve 1–2 dakika beklemiş su ekleyin.</li>
<li>Ağzını kapatıp 5–7 dakika demlendirin, ardından süzün.</li>
</ol>
<p><em>İsteğe göre bir çay kaşığı bal ve bir dilim limonla tatlandırabilirsiniz.</em></p>`,
    category_id: 1,
    images: img("ihlamur-cayi", "ihlamur-cayi-2"),
    etsy_link: etsy(148273965, "ihlamur-linden-flower-tea"),
    sort_order: 1,
    temperaments: ["sanguine", "choleric"],
  },
  {
    id: 2,
    name: "Çörek Otu Yağı",
    short_description: "Soğuk sıkım yöntemiyle elde edilen, katkısız ve yoğun aromalı çörek otu yağı.",
    description:
      "Çörek otu tohumlarından soğuk sıkım ile elde edilen saf yağ. Mutfakta ve cilt bakımında geleneksel olarak kullanılır.",
    long_description: `<p>Çörek otu (<em>Nigella sativa</em>), yüzyıllardır Anadolu ve Orta Doğu mutfağının ve geleneksel bakım ritüellerinin bir parçasıdır. Yağımız, tohumların ısıl işlem görmeden düşük sıcaklıkta sıkılmasıyla elde edilir.</p>
<p>Keskin, hafif acımsı ve baharatlı bir tadı vardır. Isıtılmadan tüketilmesi, aromasını ve doğal yapısını korumaya yardımcı olur.</p>
<h3>Kullanım Önerileri</h3>
<ul>
<li>Salatalara ve humusa birkaç damla ekleyebilirsiniz.</li>
<li>Sabahları bir tatlı kaşığı bal ile karıştırılarak geleneksel olarak tüketilir.</li>
<li>Cilt ve saç bakımında taşıyıcı yağlarla karıştırılarak kullanılabilir.</li>
</ul>
<p><strong>İçindekiler:</strong> %100 soğuk sıkım çörek otu yağı. Işık almayan, serin bir yerde saklayınız.</p>`,
    category_id: 2,
    images: img("corek-otu-yagi", "corek-otu-yagi-2", "corek-otu-yagi-3"),
    etsy_link: etsy(152640817, "corek-otu-yagi-black-seed-oil"),
    sort_order: 2,
    temperaments: ["melancholic", "phlegmatic"],
  },
  {
    id: 3,
    name: "Süzme Çiçek Balı",
    short_description: "Yayla çiçeklerinden elde edilen, süzme ve katkısız, hafif aromalı çiçek balı.",
    description: "Anadolu yaylalarından gelen süzme çiçek balı. Kahvaltılarda ve bitki çaylarında keyifle kullanılır.",
    long_description: `<p>Balımız, arıcılarımızın yaz aylarında yayla çiçeklerinden topladığı nektardan oluşur. Isıl işlem uygulanmadan süzülür ve cam kavanozlara doldurulur.</p>
<p>Açık kehribar rengi ve çiçeksi aromasıyla kahvaltı sofralarının, bitki çaylarının ve ev yapımı tatlıların doğal tatlandırıcısıdır.</p>
<h3>Bilmeniz Gerekenler</h3>
<ul>
<li>Doğal bal zamanla kristalleşebilir; bu, doğal yapısının bir özelliğidir.</li>
<li>Kristalleşen balı 40 °C'yi geçmeyen ılık suda bekleterek yumuşatabilirsiniz.</li>
<li><strong>Bir yaşından küçük bebeklere bal verilmemelidir.</strong></li>
</ul>`,
    category_id: 4,
    images: img("cicek-bali", "cicek-bali-2"),
    etsy_link: etsy(139518406, "suzme-cicek-bali-wildflower-honey"),
    sort_order: 3,
    temperaments: ["melancholic"],
  },
  {
    id: 4,
    name: "Zeytinyağlı Defne Sabunu",
    short_description: "Zeytinyağı ve defne yağıyla soğuk yöntemle üretilen, el yapımı geleneksel sabun.",
    description:
      "Zeytinyağı ve defne yağıyla hazırlanan el yapımı sabun. Yüz, beden ve saç için nazik bir temizlik sunar.",
    long_description: `<p>Defne sabunu, Akdeniz kıyılarının asırlık sabun geleneğinden gelir. Sabunlarımız zeytinyağı ve defne yağı ile <strong>soğuk yöntemle</strong> küçük partiler hâlinde üretilir ve en az altı hafta dinlendirilir.</p>
<p>Kremsi köpüğü ve hafif defne kokusuyla günlük kullanıma uygundur. İçeriğinde sentetik parfüm ve renklendirici bulunmaz.</p>
<h3>İçindekiler</h3>
<ul>
<li>Zeytinyağı</li>
<li>Defne yağı</li>
<li>Saf su</li>
<li>Sodyum hidroksit (sabunlaşma sürecinde tamamen dönüşür)</li>
</ul>
<p><em>Kullanımdan sonra suyu süzülen bir sabunlukta saklamanız ömrünü uzatır.</em></p>`,
    category_id: 3,
    images: img("defne-sabunu", "defne-sabunu-2"),
    etsy_link: etsy(160734298, "zeytinyagli-defne-sabunu-laurel-soap"),
    sort_order: 4,
    temperaments: [],
  },
  {
    id: 5,
    name: "Yedi Baharat Karışımı",
    short_description: "Köfte, pilav ve çorbalar için dengeli, sıcak aromalı geleneksel baharat karışımı.",
    description:
      "Karabiber, yenibahar, tarçın ve karanfil gibi yedi baharatın dengeli karışımı. Anadolu ve Orta Doğu mutfağında sıkça kullanılır.",
    long_description: `<p>Yedi baharat, Anadolu ve Levant mutfaklarının en bilinen karışımlarından biridir. Baharatlarımızı taze öğütür ve küçük partiler hâlinde harmanlarız.</p>
<p>Sıcak, hafif tatlımsı ve derin aromasıyla köfte, iç pilav, içli köfte ve sebze yemeklerine karakter katar.</p>
<h3>İçindekiler</h3>
<ul>
<li>Karabiber</li>
<li>Yenibahar</li>
<li>Tarçın</li>
<li>Karanfil</li>
<li>Muskat</li>
<li>Kişniş</li>
<li>Zencefil</li>
</ul>
<p><strong>Öneri:</strong> Yarım kilo kıyma için bir tatlı kaşığı yeterlidir.</p>`,
    category_id: 5,
    images: img("yedi-baharat"),
    etsy_link: etsy(171208543, "yedi-baharat-seven-spice-blend"),
    sort_order: 5,
    temperaments: ["melancholic", "phlegmatic"],
  },
  {
    id: 6,
    name: "Isırgan Otu Çayı",
    short_description: "Özenle kurutulmuş ısırgan yapraklarından hazırlanan, toprak tonlu bitki çayı.",
    description: "Kurutulmuş ısırgan otu yaprakları. Anadolu'da bahar aylarında geleneksel olarak demlenerek içilir.",
    long_description: `<p>Isırgan otu (<em>Urtica dioica</em>), Anadolu'da bahar geldiğinde hem sofralarda hem de çay olarak geleneksel olarak kullanılan bir bitkidir. Yapraklarını ilkbaharda toplar, gölgede kurutur ve elle ayıklarız.</p>
<p>Hafif, yeşil ve toprak tonlu bir tadı vardır; nane ya da limonla iyi uyum sağlar.</p>
<h3>Hazırlanışı</h3>
<ol>
<li>Bir tatlı kaşığı kuru ısırganı demliğe koyun.</li>
<li>Üzerine bir su bardağı sıcak su ekleyin.</li>
<li>5–10 dakika demlendirip süzün.</li>
</ol>
<p><em>Hamilelik ve emzirme döneminde ya da düzenli ilaç kullanıyorsanız tüketmeden önce doktorunuza danışınız.</em></p>`,
    category_id: 1,
    images: img("isirgan-cayi"),
    etsy_link: etsy(145092386, "isirgan-otu-cayi-nettle-tea"),
    sort_order: 6,
    temperaments: ["sanguine", "phlegmatic"],
  },
  {
    id: 7,
    name: "Lavanta Yağı",
    short_description: "Lavanta çiçeklerinden buhar damıtmasıyla elde edilen, ferahlatıcı kokulu uçucu yağ.",
    description: "Saf lavanta uçucu yağı. Aromaterapide ve ev yapımı bakım ürünlerinde seyreltilerek kullanılır.",
    long_description: `<p>Lavanta yağı, Isparta yöresinde yetişen lavanta çiçeklerinin buhar damıtması ile elde edilir. Çiçeksi ve temiz kokusu, akşam rutinlerinde <strong>huzurlu bir atmosfer</strong> yaratmak için geleneksel olarak tercih edilir.</p>
<p>Uçucu yağlar yoğun konsantredir; cilde doğrudan sürülmemeli, mutlaka bir taşıyıcı yağ ile seyreltilmelidir.</p>
<h3>Kullanım Önerileri</h3>
<ul>
<li>Buhurdanlığa ya da difüzöre 3–5 damla ekleyin.</li>
<li>Masaj için 10 ml taşıyıcı yağa 2–3 damla karıştırın.</li>
<li>Yastığınızın köşesine bir damla damlatabilirsiniz.</li>
</ul>
<p><em>Çocukların ulaşamayacağı yerde saklayın; gözle temasından kaçının.</em></p>`,
    category_id: 2,
    images: img("lavanta-yagi"),
    etsy_link: etsy(158863120, "lavanta-yagi-lavender-essential-oil"),
    sort_order: 7,
    temperaments: ["sanguine", "choleric"],
  },
  {
    id: 8,
    name: "Kestane Balı",
    short_description: "Karadeniz'in kestane ormanlarından gelen, koyu renkli ve hafif buruk tatlı bal.",
    description:
      "Karadeniz kestane ormanlarından elde edilen koyu renkli bal. Kendine özgü, hafif acımsı bir tadı vardır.",
    long_description: `<p>Kestane balı, Karadeniz'in nemli ve yeşil vadilerinde kestane ağaçlarının çiçek açtığı kısa dönemde üretilir. Koyu kahve rengi ve <strong>hafif buruk tadıyla</strong> diğer ballardan kolayca ayrılır.</p>
<p>Yoğun aroması nedeniyle genellikle az miktarda tüketilir; peynir, ceviz ve tam tahıllı ekmekle çok iyi eşleşir.</p>
<h3>Servis Önerileri</h3>
<ul>
<li>Kahvaltıda tereyağı ve ekmekle</li>
<li>Yoğurt ve cevizle birlikte</li>
<li>Ilık bitki çaylarında doğal tatlandırıcı olarak</li>
</ul>
<p><strong>Bir yaşından küçük bebeklere bal verilmemelidir.</strong></p>`,
    category_id: 4,
    images: img("kestane-bali"),
    etsy_link: etsy(163317582, "kestane-bali-chestnut-honey"),
    sort_order: 8,
    temperaments: ["phlegmatic"],
  },
  {
    id: 9,
    name: "Çörek Otlu Keçi Sütü Sabunu",
    short_description: "Keçi sütü, zeytinyağı ve çörek otu tohumlarıyla hazırlanan kremsi el yapımı sabun.",
    description:
      "Keçi sütü ve zeytinyağı bazlı, çörek otu tohumlu el yapımı sabun. Tohumları hafif bir peeling hissi verir.",
    long_description: `<p>Bu sabunda taze keçi sütünü zeytinyağı ve hindistan cevizi yağıyla buluşturuyoruz. Keçi sütü, sabuna <strong>kremsi ve yumuşak bir köpük</strong> kazandırır.</p>
<p>Sabunun içine serpiştirilmiş çörek otu tohumları, kullanım sırasında hafif bir peeling hissi verir. Kokusuz formülü hassas ciltler için de tercih edilir.</p>
<h3>İçindekiler</h3>
<ul>
<li>Zeytinyağı</li>
<li>Hindistan cevizi yağı</li>
<li>Keçi sütü</li>
<li>Çörek otu tohumu</li>
<li>Sodyum hidroksit (sabunlaşma sürecinde tamamen dönüşür)</li>
</ul>`,
    category_id: 3,
    images: img("keci-sutu-sabunu"),
    etsy_link: etsy(167450931, "corek-otlu-keci-sutu-sabunu-goat-milk-soap"),
    sort_order: 9,
    temperaments: [],
  },
  {
    id: 10,
    name: "İğde Unu",
    short_description: "Kurutulmuş iğde meyvesinin çekirdekleri ayrılarak öğütülmesiyle elde edilen tatlımsı un.",
    description:
      "Kurutulmuş iğde meyvelerinden elde edilen doğal un. Süt, yoğurt veya bal ile karıştırılarak tüketilir.",
    long_description: `<p>İğde, Anadolu'nun kurak bölgelerinde yetişen, unlu yapısı ve tatlımsı tadıyla bilinen bir meyvedir. İğde unumuz, güneşte kurutulan meyvelerin çekirdekleri ayrıldıktan sonra taş değirmende öğütülmesiyle hazırlanır.</p>
<p>Geleneksel olarak süt, yoğurt ya da bal ile karıştırılarak ara öğünlerde tüketilir; kek ve kurabiye tariflerine de doğal bir tat katar.</p>
<h3>Kullanım Önerileri</h3>
<ul>
<li>Bir bardak süte 1–2 tatlı kaşığı ekleyip karıştırın.</li>
<li>Yoğurdun üzerine serpip bal ile tatlandırın.</li>
<li>Kek hamurunda unun bir kısmı yerine kullanın.</li>
</ul>
<p><strong>İçindekiler:</strong> %100 iğde meyvesi.</p>`,
    category_id: 5,
    images: img("igde-unu"),
    etsy_link: etsy(174925063, "igde-unu-oleaster-flour"),
    sort_order: 10,
    temperaments: ["melancholic"],
  },
  {
    id: 11,
    name: "Anadolu Adaçayı",
    short_description: "Ege dağlarından toplanan, keskin ve ferah aromalı kurutulmuş adaçayı yaprakları.",
    description: "Ege ve Akdeniz dağlarından toplanan adaçayı yaprakları. Sıcak ya da soğuk demlenerek içilir.",
    long_description: `<p>Adaçayı, Ege ve Akdeniz'in taşlık yamaçlarında kendiliğinden yetişen, güçlü kokusuyla tanınan bir bitkidir. Yapraklarını çiçeklenme öncesinde toplar, doğal ortamda kurutarak paketleriz.</p>
<p>Ferah ve hafif kâfurumsu tadıyla kış aylarında sıcak, yazın ise buzlu ve limonlu olarak geleneksel olarak tüketilir.</p>
<h3>Hazırlanışı</h3>
<ol>
<li>Birkaç adaçayı yaprağını fincana koyun.</li>
<li>Kaynamış suyu ekleyip 3–5 dakika bekletin.</li>
<li>Yaprakları süzün; dilerseniz bal ekleyin.</li>
</ol>
<p><em>Uzun süreli ve yüksek miktarda tüketim önerilmez; hamilelikte tüketmeden önce doktorunuza danışınız.</em></p>`,
    category_id: 1,
    images: img("adacayi"),
    etsy_link: etsy(149781254, "anadolu-adacayi-sage-tea"),
    sort_order: 11,
    temperaments: ["phlegmatic"],
  },
  {
    id: 12,
    name: "Üzüm Çekirdeği Yağı",
    short_description: "Hafif dokulu, kokusuz ve kolay emilen, soğuk sıkım üzüm çekirdeği yağı.",
    description:
      "Üzüm çekirdeklerinden soğuk sıkım ile elde edilen hafif yağ. Cilt bakımında ve taşıyıcı yağ olarak kullanılır.",
    long_description: `<p>Üzüm çekirdeği yağı, pekmez ve şıra üretiminden arta kalan çekirdeklerin değerlendirilmesiyle elde edilir. Hafif ve yağlı his bırakmayan dokusu sayesinde <strong>taşıyıcı yağ</strong> olarak sıkça tercih edilir.</p>
<p>Neredeyse kokusuz olduğundan uçucu yağlarla karıştırılarak kişisel masaj ve bakım karışımları hazırlamak için idealdir.</p>
<h3>Kullanım Önerileri</h3>
<ul>
<li>Temizlenmiş cilde birkaç damla uygulayarak bakım rutininize ekleyin.</li>
<li>Masaj yağı olarak tek başına ya da uçucu yağlarla karıştırarak kullanın.</li>
<li>Saç uçlarına az miktarda sürerek bakım yapın.</li>
</ul>
<p><strong>İçindekiler:</strong> %100 soğuk sıkım üzüm çekirdeği yağı.</p>`,
    category_id: 2,
    images: img("uzum-cekirdegi-yagi"),
    etsy_link: etsy(155206789, "uzum-cekirdegi-yagi-grape-seed-oil"),
    sort_order: 12,
    temperaments: [],
  },
  {
    id: 13,
    name: "Arı Poleni",
    short_description: "Farklı çiçeklerden toplanmış, rengârenk taneli ve düşük ısıda kurutulmuş arı poleni.",
    description:
      "Arıların çiçeklerden topladığı polen taneleri. Kahvaltılarda yoğurt, bal ya da meyveyle birlikte tüketilir.",
    long_description: `<p>Arı poleni, bal arılarının çiçeklerden topladığı ve kovana taşıdığı küçük, renkli tanelerdir. Polen tuzaklarıyla toplanan ürünümüz, düşük ısıda nazikçe kurutulur.</p>
<p>Her tanenin rengi, geldiği çiçeğe göre sarıdan turuncuya, kahverengiden moru andıran tonlara kadar değişir. Hafif tatlı ve çiçeksi bir tadı vardır.</p>
<h3>Kullanım Önerileri</h3>
<ul>
<li>Yoğurt, müsli ya da meyve salatasının üzerine serpin.</li>
<li>Bir tatlı kaşığı bal ile karıştırarak tüketin.</li>
<li>Meyveli içeceklere ekleyin.</li>
</ul>
<p><strong>Arı ürünlerine alerjiniz varsa tüketmeyiniz.</strong> İlk kullanımda az miktarla başlamanız önerilir.</p>`,
    category_id: 4,
    images: img("ari-poleni"),
    etsy_link: etsy(166038472, "ari-poleni-bee-pollen"),
    sort_order: 13,
    temperaments: ["melancholic", "phlegmatic"],
  },
  {
    id: 14,
    name: "Bıttım Sabunu",
    short_description: "Güneydoğu Anadolu'nun geleneksel menengiç (bıttım) yağıyla hazırlanan el yapımı sabun.",
    description:
      "Menengiç ağacının meyvesinden elde edilen bıttım yağıyla yapılan geleneksel sabun. Saç ve beden için kullanılır.",
    long_description: `<p>Bıttım sabunu, Mardin ve Siirt yörelerinde nesillerdir üretilen, menengiç ağacının meyvesinden elde edilen bıttım yağıyla hazırlanan geleneksel bir sabundur.</p>
<p>Kendine özgü, reçinemsi kokusu ve koyu yeşil rengiyle tanınır. Geleneksel olarak hem saç hem de beden temizliğinde kullanılır.</p>
<h3>İçindekiler</h3>
<ul>
<li>Bıttım (menengiç) yağı</li>
<li>Zeytinyağı</li>
<li>Saf su</li>
<li>Sodyum hidroksit (sabunlaşma sürecinde tamamen dönüşür)</li>
</ul>
<p><em>Her sabun elde kesildiği için ağırlık ve görünüm küçük farklılıklar gösterebilir.</em></p>`,
    category_id: 3,
    images: img("bittim-sabunu"),
    etsy_link: etsy(161589304, "bittim-sabunu-menengic-soap"),
    sort_order: 14,
    temperaments: [],
  },
  {
    id: 15,
    name: "Öğütülmüş Zerdeçal",
    short_description: "Canlı sarı rengi ve sıcak aromasıyla yemeklere renk katan, taze öğütülmüş zerdeçal.",
    description:
      "Kurutulmuş zerdeçal köklerinin öğütülmesiyle elde edilen baharat. Pilav, çorba ve içeceklerde kullanılır.",
    long_description: `<p>Zerdeçal (<em>Curcuma longa</em>), zencefil ailesinden bir bitkinin köküdür. Hint ve Orta Doğu mutfaklarında yüzyıllardır hem renk hem de aroma için geleneksel olarak kullanılır.</p>
<p>Sıcak, hafif acımsı ve topraksı tadıyla pilav, mercimek çorbası ve sebze yemeklerine altın sarısı bir renk verir.</p>
<h3>Kullanım Önerileri</h3>
<ul>
<li>Pilav suyuna yarım çay kaşığı ekleyin.</li>
<li>Ilık süte bir tutam karabiber ve balla birlikte karıştırın.</li>
<li>Çorba ve yahnilere pişirme sırasında ilave edin.</li>
</ul>
<p><strong>İçindekiler:</strong> %100 zerdeçal kökü.</p>`,
    category_id: 5,
    images: img("zerdecal"),
    etsy_link: etsy(178302645, "ogutulmus-zerdecal-ground-turmeric"),
    sort_order: 15,
    temperaments: ["melancholic", "phlegmatic"],
  },
  {
    id: 16,
    name: "Şerbetçi Otu Çayı",
    short_description: "Şerbetçi otu kozalakları, melisa ve papatyayla hazırlanan yumuşak akşam çayı karışımı.",
    description:
      "Şerbetçi otu, melisa ve papatyanın yumuşak aromalı karışımı. Akşam saatlerinde geleneksel olarak içilir.",
    long_description: `<p>Şerbetçi otu (<em>Humulus lupulus</em>), hafif acımsı ve otsu tadıyla bilinen, sarılıcı bir bitkidir. Bu karışımda onu melisa ve papatya ile dengeleyerek daha yumuşak bir tat elde ettik.</p>
<p>Günün yorgunluğunu geride bırakmak için akşam çayı olarak geleneksel olarak tercih edilir.</p>
<h3>İçindekiler</h3>
<ul>
<li>Şerbetçi otu kozalakları</li>
<li>Melisa yaprağı</li>
<li>Papatya çiçeği</li>
</ul>
<p>Bir tatlı kaşığı karışımı bir fincan sıcak suda 5–7 dakika demlendirip süzün.</p>`,
    category_id: 1,
    images: img("serbetci-otu-cayi"),
    etsy_link: etsy(147616028, "serbetci-otu-cayi-hops-herbal-tea"),
    sort_order: 16,
    temperaments: ["sanguine", "choleric"],
  },
  {
    id: 17,
    name: "Isparta Gül Sabunu",
    short_description: "Isparta gülü suyu ve gül yağıyla zenginleştirilmiş, zarif kokulu el yapımı sabun.",
    description:
      "Isparta gülü suyu ve zeytinyağıyla hazırlanan el yapımı sabun. Cildinizde hafif ve zarif bir gül kokusu bırakır.",
    long_description: `<p>Isparta, dünyanın önde gelen gül yağı üretim bölgelerinden biridir. Sabunumuzda bu bölgenin <strong>Damask gülünden</strong> elde edilen gül suyunu ve az miktarda gül yağını kullanıyoruz.</p>
<p>Zeytinyağı ve shea yağı bazlı formülü yumuşak bir köpük oluşturur; üzeri kurutulmuş gül yapraklarıyla süslenir.</p>
<h3>İçindekiler</h3>
<ul>
<li>Zeytinyağı</li>
<li>Shea yağı</li>
<li>Gül suyu</li>
<li>Gül yağı</li>
<li>Kurutulmuş gül yaprakları</li>
</ul>`,
    category_id: 3,
    images: img("gul-sabunu"),
    etsy_link: etsy(169874210, "isparta-gul-sabunu-rose-soap"),
    sort_order: 17,
    temperaments: ["choleric"],
  },
  {
    id: 18,
    name: "Sumak",
    short_description: "Ekşimsi ve meyvemsi tadıyla salata ve kebaplara lezzet katan, taş değirmende öğütülmüş sumak.",
    description:
      "Sumak meyvelerinin kurutulup öğütülmesiyle elde edilen ekşimsi baharat. Salata, soğan ve kebaplarda kullanılır.",
    long_description: `<p>Sumak, Güneydoğu Anadolu'da yetişen sumak ağacının kırmızı meyvelerinin kurutulup öğütülmesiyle elde edilir. Limonun yerine kullanılabilecek kadar belirgin, <strong>ekşimsi ve meyvemsi</strong> bir tada sahiptir.</p>
<p>Ürünümüze renklendirici eklenmez; doğal koyu bordo rengini korur.</p>
<h3>Kullanım Önerileri</h3>
<ul>
<li>Soğan piyazı ve çoban salatası</li>
<li>Kebap, köfte ve ızgara tavuk</li>
<li>Humus ve yoğurtlu mezelerin üzeri</li>
</ul>`,
    category_id: 5,
    images: [],
    etsy_link: etsy(176541398, "sumak-ground-sumac"),
    sort_order: 18,
    temperaments: ["sanguine", "choleric"],
  },
];
