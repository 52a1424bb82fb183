import { BILL_MSG, type AnyLanguage } from '@qrmenu/contract';

/** The diner's bill page in each menu language (the page's language as the menu's, `?lang=`). */
export interface BillWords {
  title: string;
  /** The basket's link to the bill. */
  see: string;
  table: (n: number) => string;
  served: string;
  preparing: string;
  preparingNote: string;
  total: string;
  vat: string;
  opened: string;
  none: string;
  nothingServed: string;
  askBill: string;
  refresh: string;
  basket: string;
  menu: string;
  /** The refusal when the device holds no seat at the table (403). */
  noSeat: string;
}

export const BILL_WORDS: Record<AnyLanguage, BillWords> = {
  tr: {
    title: 'Hesap', see: 'Hesabı gör', table: (n) => `Masa ${n}`, served: 'Servis edilenler', preparing: 'Hazırlanıyor',
    preparingNote: 'Henüz servis edilmedi; servis edilince hesaba eklenir.', total: 'Toplam', vat: 'KDV dahil', opened: 'Açılış',
    none: 'Bu masada açık hesap yok.', nothingServed: 'Henüz servis edilen ürün yok.', askBill: 'Hesap İste', refresh: 'Hesabı yenile', basket: 'Sepete dön', menu: 'Menüye dön',
    noSeat: BILL_MSG.noSeat,
  },
  en: {
    title: 'Bill', see: 'See the bill', table: (n) => `Table ${n}`, served: 'Served', preparing: 'Being prepared',
    preparingNote: 'Not served yet; added to the bill once served.', total: 'Total', vat: 'VAT included', opened: 'Opened',
    none: 'There is no open bill at this table.', nothingServed: 'Nothing has been served yet.', askBill: 'Ask for the bill', refresh: 'Refresh the bill', basket: 'Back to the basket', menu: 'Back to the menu',
    noSeat: 'To see the table’s bill, scan the QR code on your table. The bill is shown only to those seated at that table.',
  },
  de: {
    title: 'Rechnung', see: 'Rechnung ansehen', table: (n) => `Tisch ${n}`, served: 'Serviert', preparing: 'In Zubereitung',
    preparingNote: 'Noch nicht serviert; kommt beim Servieren auf die Rechnung.', total: 'Summe', vat: 'inkl. MwSt.', opened: 'Geöffnet',
    none: 'An diesem Tisch gibt es keine offene Rechnung.', nothingServed: 'Noch nichts serviert.', askBill: 'Rechnung bitte', refresh: 'Rechnung aktualisieren', basket: 'Zurück zum Warenkorb', menu: 'Zurück zur Speisekarte',
    noSeat: 'Um die Rechnung des Tisches zu sehen, scannen Sie den QR-Code auf Ihrem Tisch. Die Rechnung wird nur den Gästen an diesem Tisch angezeigt.',
  },
  ru: {
    title: 'Счёт', see: 'Посмотреть счёт', table: (n) => `Стол ${n}`, served: 'Подано', preparing: 'Готовится',
    preparingNote: 'Ещё не подано; войдёт в счёт после подачи.', total: 'Итого', vat: 'НДС включён', opened: 'Открыт',
    none: 'У этого стола нет открытого счёта.', nothingServed: 'Пока ничего не подано.', askBill: 'Попросить счёт', refresh: 'Обновить счёт', basket: 'К корзине', menu: 'К меню',
    noSeat: 'Чтобы увидеть счёт стола, отсканируйте QR-код на вашем столе. Счёт показывается только тем, кто сидит за этим столом.',
  },
  ar: {
    title: 'الحساب', see: 'عرض الحساب', table: (n) => `الطاولة ${n}`, served: 'ما تم تقديمه', preparing: 'قيد التحضير',
    preparingNote: 'لم يُقدَّم بعد؛ يُضاف إلى الحساب عند تقديمه.', total: 'المجموع', vat: 'شامل الضريبة', opened: 'فُتح',
    none: 'لا يوجد حساب مفتوح لهذه الطاولة.', nothingServed: 'لم يُقدَّم شيء بعد.', askBill: 'طلب الحساب', refresh: 'تحديث الحساب', basket: 'العودة إلى السلة', menu: 'العودة إلى القائمة',
    noSeat: 'لعرض حساب الطاولة، امسح رمز QR الموجود على طاولتك. يُعرض الحساب فقط للجالسين على تلك الطاولة.',
  },
  fr: {
    title: 'Addition', see: 'Voir l’addition', table: (n) => `Table ${n}`, served: 'Servi', preparing: 'En préparation',
    preparingNote: 'Pas encore servi ; ajouté à l’addition une fois servi.', total: 'Total', vat: 'TVA incluse', opened: 'Ouverte',
    none: 'Aucune addition ouverte à cette table.', nothingServed: 'Rien n’a encore été servi.', askBill: 'Demander l’addition', refresh: 'Actualiser l’addition', basket: 'Retour au panier', menu: 'Retour au menu',
    noSeat: 'Pour voir l’addition de la table, scannez le code QR de votre table. L’addition n’est montrée qu’aux personnes assises à cette table.',
  },
};
