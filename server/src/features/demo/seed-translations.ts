/** The demo menu in English and Arabic (complete), keyed by the Turkish name of each item. */
type Text = { name: string; description: string; variants?: string[] };
export const DEMO_LANGUAGES = 'en,ar';

export const DEMO_TRANSLATIONS: Record<string, { en: Text; ar: Text }> = {
  'Kahvaltı': {
    en: { name: 'Breakfast', description: 'Every day 08:00–14:00, fresh and plentiful.' },
    ar: { name: 'الفطور', description: 'يومياً من 08:00 حتى 14:00، طازج ومتنوع.' },
  },
  'Serpme Kahvaltı (2 kişilik)': {
    en: { name: 'Turkish Breakfast Spread (for 2)', description: 'White cheese, kashar, olives, honey and clotted cream, jams, tomato, cucumber, warm pişi bread and unlimited tea.' },
    ar: { name: 'فطور تركي مشكّل (لشخصين)', description: 'جبن أبيض، قشقوان، زيتون، عسل وقشطة، مربيات، طماطم، خيار، خبز بيشي ساخن وشاي بلا حدود.' },
  },
  'Menemen': {
    en: { name: 'Menemen', description: 'Village eggs with tomato and green pepper in a copper pan.' },
    ar: { name: 'منيمن', description: 'بيض بلدي مع الطماطم والفلفل الأخضر في مقلاة نحاسية.' },
  },
  'Sucuklu Yumurta': {
    en: { name: 'Eggs with Sucuk', description: 'Butcher’s sucuk sausage and two village eggs, with village bread.' },
    ar: { name: 'بيض بالسجق', description: 'سجق تركي وبيضتان بلديتان، مع خبز القرية.' },
  },
  'Simit Tabağı': {
    en: { name: 'Simit Plate', description: 'Crispy simit, white cheese, tomato, cucumber and olives.' },
    ar: { name: 'طبق السميط', description: 'سميط مقرمش، جبن أبيض، طماطم، خيار وزيتون.' },
  },
  'Sıcak İçecekler': {
    en: { name: 'Hot Drinks', description: 'Freshly roasted beans, brewed with care.' },
    ar: { name: 'المشروبات الساخنة', description: 'حبوب محمصة طازجة، تُحضَّر بعناية.' },
  },
  'Türk Kahvesi': {
    en: { name: 'Turkish Coffee', description: 'Cooked on embers; served with Turkish delight and a glass of water.', variants: ['Single', 'Double'] },
    ar: { name: 'قهوة تركية', description: 'تُطهى على الجمر؛ تُقدَّم مع راحة الحلقوم وكأس ماء.', variants: ['مفردة', 'مزدوجة'] },
  },
  'Caffè Latte': {
    en: { name: 'Caffè Latte', description: 'Double shot espresso and velvety milk foam.' },
    ar: { name: 'كافيه لاتيه', description: 'إسبريسو مزدوج ورغوة حليب مخملية.' },
  },
  'Demleme Çay': {
    en: { name: 'Brewed Tea', description: 'Rize tea in a tulip glass.' },
    ar: { name: 'شاي مخمّر', description: 'شاي ريزه في كأس تركي رفيع الخصر.' },
  },
  'Salep': {
    en: { name: 'Salep', description: 'With cinnamon, piping hot; a winter favourite.' },
    ar: { name: 'سحلب', description: 'بالقرفة، ساخن جداً؛ مشروب الشتاء المفضل.' },
  },
  'Soğuk İçecekler': {
    en: { name: 'Cold Drinks', description: 'Homemade lemonades and ice-cold coffees.' },
    ar: { name: 'المشروبات الباردة', description: 'ليموناضة منزلية وقهوة مثلجة.' },
  },
  'Ev Yapımı Limonata': {
    en: { name: 'Homemade Lemonade', description: 'Freshly squeezed lemon and mint leaves.' },
    ar: { name: 'ليموناضة منزلية', description: 'ليمون معصور طازجاً وأوراق النعناع.' },
  },
  'Ice Latte': {
    en: { name: 'Iced Latte', description: 'Espresso, cold milk and ice.' },
    ar: { name: 'لاتيه مثلج', description: 'إسبريسو وحليب بارد وثلج.' },
  },
  'Taze Portakal Suyu': {
    en: { name: 'Fresh Orange Juice', description: 'Squeezed to order, 330 ml.' },
    ar: { name: 'عصير برتقال طازج', description: 'يُعصر عند الطلب، 330 مل.' },
  },
  'Yayık Ayran': {
    en: { name: 'Churned Ayran', description: 'Frothy yoghurt drink in a copper mug.' },
    ar: { name: 'عيران مخضوض', description: 'مشروب لبن رغوي في كوب نحاسي.' },
  },
  'Tost & Sandviç': {
    en: { name: 'Toasties & Sandwiches', description: 'On sourdough bread, served hot.' },
    ar: { name: 'توست وساندويتشات', description: 'بخبز العجين المخمّر، يُقدَّم ساخناً.' },
  },
  'Kaşarlı Tost': {
    en: { name: 'Cheese Toastie', description: 'Plenty of aged kashar cheese, toasted in butter.' },
    ar: { name: 'توست بالجبن', description: 'جبن قشقوان معتّق بوفرة، محمّص بالزبدة.' },
  },
  'Karışık Tost': {
    en: { name: 'Mixed Toastie', description: 'Sucuk and kashar; with pickles and crisps.' },
    ar: { name: 'توست مشكّل', description: 'سجق وقشقوان؛ مع مخللات ورقائق البطاطس.' },
  },
  'Köfte Ekmek': {
    en: { name: 'Meatball Sandwich', description: 'Grilled köfte, roasted pepper, onion and tomato.' },
    ar: { name: 'ساندويتش كفتة', description: 'كفتة مشوية، فلفل مشوي، بصل وطماطم.' },
  },
  'Izgara Tavuklu Salata': {
    en: { name: 'Grilled Chicken Salad', description: 'Seasonal greens, grilled chicken, pomegranate molasses dressing.' },
    ar: { name: 'سلطة الدجاج المشوي', description: 'خضار موسمية، دجاج مشوي، صلصة دبس الرمان.' },
  },
  'Tatlılar': {
    en: { name: 'Desserts', description: 'Traditional and modern desserts made daily.' },
    ar: { name: 'الحلويات', description: 'حلويات تقليدية وحديثة تُحضَّر يومياً.' },
  },
  'Fıstıklı Baklava (4 dilim)': {
    en: { name: 'Pistachio Baklava (4 pieces)', description: 'Antep pistachio and thin buttery filo.' },
    ar: { name: 'بقلاوة بالفستق (4 قطع)', description: 'فستق عنتاب ورقائق عجين رفيعة بالزبدة.' },
  },
  'Künefe': {
    en: { name: 'Künefe', description: 'With Hatay cheese, served hot; topped with pistachio.' },
    ar: { name: 'كنافة', description: 'بجبن هاتاي، تُقدَّم ساخنة؛ مزينة بالفستق.' },
  },
  'Fırın Sütlaç': {
    en: { name: 'Baked Rice Pudding', description: 'Browned on top, cinnamon on request.' },
    ar: { name: 'أرز بالحليب في الفرن', description: 'محمّر من الأعلى، والقرفة حسب الطلب.' },
  },
  'San Sebastian Cheesecake': {
    en: { name: 'San Sebastián Cheesecake', description: 'Creamy centre, with chocolate sauce.' },
    ar: { name: 'تشيز كيك سان سيباستيان', description: 'قوام كريمي، مع صلصة الشوكولاتة.' },
  },
};

/** The free-text allergen lines of the demo products, by the Turkish line. */
export const DEMO_ALLERGEN_TRANSLATIONS: Record<string, { en: string; ar: string }> = {
  'Antep fıstığı, gluten, süt': { en: 'Pistachio, gluten, milk', ar: 'فستق حلبي، غلوتين، حليب' },
  'Gluten': { en: 'Gluten', ar: 'غلوتين' },
  'Gluten, susam, süt': { en: 'Gluten, sesame, milk', ar: 'غلوتين، سمسم، حليب' },
  'Gluten, süt': { en: 'Gluten, milk', ar: 'غلوتين، حليب' },
  'Gluten, süt, Antep fıstığı': { en: 'Gluten, milk, pistachio', ar: 'غلوتين، حليب، فستق حلبي' },
  'Süt': { en: 'Milk', ar: 'حليب' },
  'Süt, gluten, yumurta': { en: 'Milk, gluten, egg', ar: 'حليب، غلوتين، بيض' },
  'Süt, yumurta, gluten': { en: 'Milk, egg, gluten', ar: 'حليب، بيض، غلوتين' },
  'Yumurta': { en: 'Egg', ar: 'بيض' },
  'Yumurta, gluten': { en: 'Egg, gluten', ar: 'بيض، غلوتين' },
};

/** The demo business's own texts (about, menu note, Wi-Fi name) in English and Arabic. */
export const DEMO_BUSINESS_TRANSLATIONS = {
  en: {
    about: 'Two steps from the Moda seaside: freshly brewed tea, home-made desserts and morning breakfasts.',
    service_note: 'No cover charge. VAT is included in our prices.',
    wifi_name: 'DemoKafe-Guest',
  },
  ar: {
    about: 'على بُعد خطوتين من شاطئ مودا: شاي طازج، حلويات منزلية ووجبات فطور صباحية.',
    service_note: 'لا توجد رسوم خدمة. أسعارنا تشمل ضريبة القيمة المضافة.',
    wifi_name: 'DemoKafe-ضيوف',
  },
} as const;
