import type { AllergenCode, LabelCode, MenuLanguage } from '@qrmenu/contract';
import { MENU_TEXT } from './texts.js';

/** The page words of the diner's menu in each menu language (Turkish: texts.ts). */
export interface MenuWords {
  menu: string; survey: string; welcome: string; redirecting: string; categoriesTitle: string; noCategories: string; noProducts: string;
  back: string; allergen: string; soldOut: string; discount: string; oldPrice: string; allergens: string; labels: string; portions: string;
  undeclared: string; filterLegend: string; filterApply: string; filterClear: string; undeclaredNote: string; searchLabel: string;
  searchPlaceholder: string; searchButton: string; searchTitle: string; searchPrompt: string; language: string;
  landingDescription: (name: string) => string;
  categoriesDescription: (name: string) => string;
  productsDescription: (name: string, category: string) => string;
  searchDescription: (name: string) => string;
  hidden: (n: number) => string;
  searchResults: (q: string, n: number) => string;
  searchNone: (q: string) => string;
  allergenNames: Record<AllergenCode, string>;
  labelNames: Record<LabelCode, string>;
}

export const LOCALES: Record<MenuLanguage, MenuWords> = {
  en: {
    menu: 'Menu', survey: 'Survey', welcome: 'Welcome', redirecting: 'Taking you to the menu…', categoriesTitle: 'Menu',
    noCategories: 'This menu has no categories yet.', noProducts: 'This category has no items yet.', back: 'All categories',
    allergen: 'Allergen', soldOut: 'Sold out', discount: 'Discount', oldPrice: 'Old price', allergens: 'Contains', labels: 'Labels',
    portions: 'Portions', undeclared: 'No allergen information given', filterLegend: 'Without:', filterApply: 'Apply',
    filterClear: 'Clear filter', undeclaredNote: 'Items without allergen information are not hidden; please ask the staff.',
    searchLabel: 'Search the menu', searchPlaceholder: 'Item name, e.g. tea', searchButton: 'Search', searchTitle: 'Search',
    searchPrompt: 'Type the name of the item you are looking for.', language: 'Language',
    landingDescription: (n) => `${n} digital menu: scan the QR code and browse the menu at once.`,
    categoriesDescription: (n) => `Categories of the ${n} menu.`,
    productsDescription: (n, c) => `${n} menu: ${c}.`,
    searchDescription: (n) => `Search the ${n} menu.`,
    hidden: (n) => (n > 0 ? `${n} item(s) hidden because they contain the allergens you chose.` : 'No item contains the allergens you chose.'),
    searchResults: (q, n) => `${n} item(s) found for “${q}”.`,
    searchNone: (q) => `No item matches “${q}”.`,
    allergenNames: {
      gluten: 'Cereals containing gluten', kabuklular: 'Crustaceans', yumurta: 'Eggs', balik: 'Fish', yer_fistigi: 'Peanuts', soya: 'Soybeans',
      sut: 'Milk', sert_kabuklu: 'Nuts', kereviz: 'Celery', hardal: 'Mustard', susam: 'Sesame', sulfit: 'Sulphur dioxide and sulphites',
      acibakla: 'Lupin', yumusakcalar: 'Molluscs',
    },
    labelNames: { vejetaryen: 'Vegetarian', vegan: 'Vegan', glutensiz: 'Gluten-free', aci: 'Spicy', yeni: 'New', sefin_onerisi: "Chef's choice" },
  },
  de: {
    menu: 'Speisekarte', survey: 'Umfrage', welcome: 'Willkommen', redirecting: 'Sie werden zur Speisekarte weitergeleitet…',
    categoriesTitle: 'Speisekarte', noCategories: 'Diese Speisekarte hat noch keine Kategorien.', noProducts: 'Diese Kategorie hat noch keine Gerichte.',
    back: 'Alle Kategorien', allergen: 'Allergen', soldOut: 'Ausverkauft', discount: 'Rabatt', oldPrice: 'Alter Preis', allergens: 'Enthält',
    labels: 'Kennzeichnungen', portions: 'Portionen', undeclared: 'Keine Allergenangaben', filterLegend: 'Ohne:', filterApply: 'Anwenden',
    filterClear: 'Filter entfernen', undeclaredNote: 'Gerichte ohne Allergenangaben werden nicht ausgeblendet; bitte fragen Sie das Personal.',
    searchLabel: 'Speisekarte durchsuchen', searchPlaceholder: 'Name, z. B. Tee', searchButton: 'Suchen', searchTitle: 'Suche',
    searchPrompt: 'Geben Sie den Namen des gesuchten Gerichts ein.', language: 'Sprache',
    landingDescription: (n) => `Digitale Speisekarte von ${n}: QR-Code scannen und sofort stöbern.`,
    categoriesDescription: (n) => `Kategorien der Speisekarte von ${n}.`,
    productsDescription: (n, c) => `Speisekarte von ${n}: ${c}.`,
    searchDescription: (n) => `Suche in der Speisekarte von ${n}.`,
    hidden: (n) => (n > 0 ? `${n} Gericht(e) ausgeblendet, da sie die gewählten Allergene enthalten.` : 'Kein Gericht enthält die gewählten Allergene.'),
    searchResults: (q, n) => `${n} Gericht(e) für „${q}“ gefunden.`,
    searchNone: (q) => `Kein Gericht passt zu „${q}“.`,
    allergenNames: {
      gluten: 'Glutenhaltiges Getreide', kabuklular: 'Krebstiere', yumurta: 'Eier', balik: 'Fisch', yer_fistigi: 'Erdnüsse', soya: 'Soja',
      sut: 'Milch', sert_kabuklu: 'Schalenfrüchte', kereviz: 'Sellerie', hardal: 'Senf', susam: 'Sesam', sulfit: 'Schwefeldioxid und Sulfite',
      acibakla: 'Lupinen', yumusakcalar: 'Weichtiere',
    },
    labelNames: { vejetaryen: 'Vegetarisch', vegan: 'Vegan', glutensiz: 'Glutenfrei', aci: 'Scharf', yeni: 'Neu', sefin_onerisi: 'Empfehlung des Küchenchefs' },
  },
  ru: {
    menu: 'Меню', survey: 'Опрос', welcome: 'Добро пожаловать', redirecting: 'Переходим к меню…', categoriesTitle: 'Меню',
    noCategories: 'В этом меню пока нет категорий.', noProducts: 'В этой категории пока нет блюд.', back: 'Все категории',
    allergen: 'Аллерген', soldOut: 'Нет в наличии', discount: 'Скидка', oldPrice: 'Старая цена', allergens: 'Содержит', labels: 'Метки',
    portions: 'Порции', undeclared: 'Сведения об аллергенах не указаны', filterLegend: 'Без:', filterApply: 'Применить',
    filterClear: 'Сбросить фильтр', undeclaredNote: 'Блюда без сведений об аллергенах не скрываются; пожалуйста, уточните у персонала.',
    searchLabel: 'Поиск по меню', searchPlaceholder: 'Название, например чай', searchButton: 'Найти', searchTitle: 'Поиск',
    searchPrompt: 'Введите название блюда.', language: 'Язык',
    landingDescription: (n) => `Цифровое меню ${n}: отсканируйте QR-код и смотрите меню.`,
    categoriesDescription: (n) => `Категории меню ${n}.`,
    productsDescription: (n, c) => `Меню ${n}: ${c}.`,
    searchDescription: (n) => `Поиск по меню ${n}.`,
    hidden: (n) => (n > 0 ? `Скрыто блюд: ${n} — они содержат выбранные аллергены.` : 'Нет блюд с выбранными аллергенами.'),
    searchResults: (q, n) => `По запросу «${q}» найдено блюд: ${n}.`,
    searchNone: (q) => `По запросу «${q}» ничего не найдено.`,
    allergenNames: {
      gluten: 'Злаки, содержащие глютен', kabuklular: 'Ракообразные', yumurta: 'Яйца', balik: 'Рыба', yer_fistigi: 'Арахис', soya: 'Соя',
      sut: 'Молоко', sert_kabuklu: 'Орехи', kereviz: 'Сельдерей', hardal: 'Горчица', susam: 'Кунжут', sulfit: 'Диоксид серы и сульфиты',
      acibakla: 'Люпин', yumusakcalar: 'Моллюски',
    },
    labelNames: { vejetaryen: 'Вегетарианское', vegan: 'Веганское', glutensiz: 'Без глютена', aci: 'Острое', yeni: 'Новинка', sefin_onerisi: 'Выбор шефа' },
  },
  ar: {
    menu: 'القائمة', survey: 'استطلاع', welcome: 'أهلاً وسهلاً', redirecting: 'جارٍ نقلك إلى القائمة…', categoriesTitle: 'القائمة',
    noCategories: 'لا توجد أقسام في هذه القائمة بعد.', noProducts: 'لا توجد أصناف في هذا القسم بعد.', back: 'كل الأقسام',
    allergen: 'مسبب حساسية', soldOut: 'نفدت الكمية', discount: 'خصم', oldPrice: 'السعر القديم', allergens: 'يحتوي على', labels: 'الوسوم',
    portions: 'الأحجام', undeclared: 'لا توجد معلومات عن مسببات الحساسية', filterLegend: 'بدون:', filterApply: 'تطبيق',
    filterClear: 'إزالة التصفية', undeclaredNote: 'الأصناف التي لا تتوفر عنها معلومات الحساسية لا تُخفى؛ يرجى سؤال الموظفين.',
    searchLabel: 'ابحث في القائمة', searchPlaceholder: 'اسم الصنف، مثل الشاي', searchButton: 'بحث', searchTitle: 'بحث',
    searchPrompt: 'اكتب اسم الصنف الذي تبحث عنه.', language: 'اللغة',
    landingDescription: (n) => `القائمة الرقمية لـ ${n}: امسح رمز QR وتصفح القائمة فوراً.`,
    categoriesDescription: (n) => `أقسام قائمة ${n}.`,
    productsDescription: (n, c) => `قائمة ${n}: ${c}.`,
    searchDescription: (n) => `البحث في قائمة ${n}.`,
    hidden: (n) => (n > 0 ? `أُخفي ${n} من الأصناف لأنها تحتوي على مسببات الحساسية التي اخترتها.` : 'لا يوجد صنف يحتوي على مسببات الحساسية التي اخترتها.'),
    searchResults: (q, n) => `تم العثور على ${n} من الأصناف لـ «${q}».`,
    searchNone: (q) => `لا يوجد صنف يطابق «${q}».`,
    allergenNames: {
      gluten: 'حبوب تحتوي على الغلوتين', kabuklular: 'القشريات', yumurta: 'البيض', balik: 'السمك', yer_fistigi: 'الفول السوداني', soya: 'الصويا',
      sut: 'الحليب', sert_kabuklu: 'المكسرات', kereviz: 'الكرفس', hardal: 'الخردل', susam: 'السمسم', sulfit: 'ثاني أكسيد الكبريت والكبريتيت',
      acibakla: 'الترمس', yumusakcalar: 'الرخويات',
    },
    labelNames: { vejetaryen: 'نباتي', vegan: 'نباتي صرف', glutensiz: 'خالٍ من الغلوتين', aci: 'حار', yeni: 'جديد', sefin_onerisi: 'اختيار الشيف' },
  },
  fr: {
    menu: 'Menu', survey: 'Sondage', welcome: 'Bienvenue', redirecting: 'Redirection vers le menu…', categoriesTitle: 'Menu',
    noCategories: 'Ce menu n’a pas encore de catégories.', noProducts: 'Cette catégorie n’a pas encore de plats.', back: 'Toutes les catégories',
    allergen: 'Allergène', soldOut: 'Épuisé', discount: 'Promotion', oldPrice: 'Ancien prix', allergens: 'Contient', labels: 'Labels',
    portions: 'Portions', undeclared: 'Allergènes non renseignés', filterLegend: 'Sans :', filterApply: 'Appliquer',
    filterClear: 'Retirer le filtre', undeclaredNote: 'Les plats sans information sur les allergènes ne sont pas masqués ; demandez au personnel.',
    searchLabel: 'Rechercher dans le menu', searchPlaceholder: 'Nom du plat, par ex. thé', searchButton: 'Rechercher', searchTitle: 'Recherche',
    searchPrompt: 'Saisissez le nom du plat recherché.', language: 'Langue',
    landingDescription: (n) => `Menu numérique de ${n} : scannez le QR code et consultez le menu.`,
    categoriesDescription: (n) => `Catégories du menu de ${n}.`,
    productsDescription: (n, c) => `Menu de ${n} : ${c}.`,
    searchDescription: (n) => `Recherche dans le menu de ${n}.`,
    hidden: (n) => (n > 0 ? `${n} plat(s) masqué(s) car ils contiennent les allergènes choisis.` : 'Aucun plat ne contient les allergènes choisis.'),
    searchResults: (q, n) => `${n} plat(s) trouvé(s) pour « ${q} ».`,
    searchNone: (q) => `Aucun plat ne correspond à « ${q} ».`,
    allergenNames: {
      gluten: 'Céréales contenant du gluten', kabuklular: 'Crustacés', yumurta: 'Œufs', balik: 'Poissons', yer_fistigi: 'Arachides', soya: 'Soja',
      sut: 'Lait', sert_kabuklu: 'Fruits à coque', kereviz: 'Céleri', hardal: 'Moutarde', susam: 'Sésame', sulfit: 'Anhydride sulfureux et sulfites',
      acibakla: 'Lupin', yumusakcalar: 'Mollusques',
    },
    labelNames: { vejetaryen: 'Végétarien', vegan: 'Végan', glutensiz: 'Sans gluten', aci: 'Épicé', yeni: 'Nouveau', sefin_onerisi: 'Suggestion du chef' },
  },
};

export { MENU_TEXT };
