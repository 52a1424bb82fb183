import type { Mail } from './mailer.js';
import { escapeHtml } from '../html.js';

/**
 * The Turkish mails of the product: plain text plus simple HTML (inline styles only, no images,
 * no scripts), each naming the product. Every value from a user is escaped in the HTML.
 */
const PRODUCT = 'QR Menü';

interface Parts {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  after?: string[];
  replyTo?: string;
}

function compose(p: Parts): Mail {
  const text = [
    p.greeting,
    '',
    ...p.paragraphs.flatMap((x) => [x, '']),
    ...(p.action ? [`${p.action.label}: ${p.action.url}`, ''] : []),
    ...(p.after ?? []).flatMap((x) => [x, '']),
    `${PRODUCT} ekibi`,
  ].join('\n');
  const para = (x: string) => `<p style="margin:0 0 16px">${escapeHtml(x).replace(/\n/g, '<br>')}</p>`;
  const html = `<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>${escapeHtml(p.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917;font-size:16px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<p style="margin:0 0 24px;font-weight:bold;font-size:20px;color:#166534">${PRODUCT}</p>
${para(p.greeting)}
${p.paragraphs.map(para).join('\n')}
${p.action ? `<p style="margin:24px 0"><a href="${escapeHtml(p.action.url)}" style="background:#15803d;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(p.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#57534e">Düğme çalışmazsa bu adresi tarayıcınıza yapıştırın:<br>${escapeHtml(p.action.url)}</p>` : ''}
${(p.after ?? []).map(para).join('\n')}
<p style="margin:24px 0 0;color:#57534e">${PRODUCT} ekibi</p>
</div></body></html>`;
  return { to: p.to, subject: p.subject, text, html, link: p.action?.url, replyTo: p.replyTo };
}

const hello = (name: string) => `Merhaba ${name},`;

export function resetPasswordMail(to: string, name: string, url: string): Mail {
  return compose({
    to,
    subject: `${PRODUCT}: şifre sıfırlama`,
    greeting: hello(name),
    paragraphs: ['Hesabınız için bir şifre sıfırlama isteği aldık. Yeni şifrenizi belirlemek için aşağıdaki bağlantıyı kullanın.'],
    action: { label: 'Şifremi sıfırla', url },
    after: [
      'Bağlantı 60 dakika geçerlidir ve yalnızca bir kez kullanılabilir. Yeni bir istek yaparsanız bu bağlantı geçersiz olur.',
      'Bu isteği siz yapmadıysanız bu e-postayı dikkate almayın; şifreniz değişmez.',
    ],
  });
}

export function verifyEmailMail(to: string, name: string, url: string): Mail {
  return compose({
    to,
    subject: `${PRODUCT}: e-posta adresinizi doğrulayın`,
    greeting: hello(name),
    paragraphs: [`${PRODUCT} hesabınızın e-posta adresini doğrulamak için aşağıdaki bağlantıya tıklayın.`],
    action: { label: 'E-posta adresimi doğrula', url },
    after: ['Bağlantı 48 saat geçerlidir ve yalnızca bir kez kullanılabilir.', 'Bu hesabı siz oluşturmadıysanız bu e-postayı dikkate almayın.'],
  });
}

export function emailChangedNotice(to: string, name: string, newEmail: string): Mail {
  return compose({
    to,
    subject: `${PRODUCT}: e-posta adresiniz değiştirildi`,
    greeting: hello(name),
    paragraphs: [
      `${PRODUCT} hesabınızın e-posta adresi ${newEmail} olarak değiştirildi. Bundan sonra giriş için yeni adresinizi kullanın.`,
      'Bu değişikliği siz yapmadıysanız hemen bizimle iletişime geçin.',
    ],
  });
}

export function passwordChangedNotice(to: string, name: string): Mail {
  return compose({
    to,
    subject: `${PRODUCT}: şifreniz değiştirildi`,
    greeting: hello(name),
    paragraphs: [
      `${PRODUCT} hesabınızın şifresi değiştirildi ve diğer oturumlarınız kapatıldı.`,
      'Bu değişikliği siz yapmadıysanız giriş ekranındaki “Şifremi unuttum” bağlantısıyla hemen yeni bir şifre belirleyin.',
    ],
  });
}

export function accountDeletedMail(to: string, name: string, byAdmin: boolean): Mail {
  return compose({
    to,
    subject: `${PRODUCT}: hesabınız silindi`,
    greeting: hello(name),
    paragraphs: [
      byAdmin
        ? `${PRODUCT} hesabınız yönetici tarafından silindi.`
        : `İsteğiniz üzerine ${PRODUCT} hesabınız silindi.`,
      'Hesabınıza ait işletme bilgileri, kategoriler, ürünler, fotoğraflar ve oturumlar kalıcı olarak silindi; menü adresiniz artık yayında değil.',
      'Bizi tercih ettiğiniz için teşekkür ederiz.',
    ],
  });
}

export function contactReplyMail(to: string, name: string, reply: string, original: string, replyTo?: string): Mail {
  return compose({
    to,
    subject: `${PRODUCT}: mesajınıza yanıt`,
    greeting: hello(name),
    paragraphs: [reply, `Mesajınız:\n${original}`],
    replyTo,
  });
}

export function staffInvitationMail(to: string, name: string, business: string, roleLabel: string, url: string, days: number): Mail {
  return compose({
    to,
    subject: `${PRODUCT}: ${business} sizi personel olarak davet etti`,
    greeting: hello(name),
    paragraphs: [`${business}, sizi ${PRODUCT} üzerinde "${roleLabel}" rolüyle personel olarak davet etti. Şifrenizi belirlemek için aşağıdaki bağlantıyı kullanın; ardından giriş sayfasından e-posta adresiniz ve şifrenizle giriş yapabilirsiniz.`],
    action: { label: 'Daveti kabul et', url },
    after: [
      `Bağlantı ${days} gün geçerlidir ve yalnızca bir kez kullanılabilir. Yeni bir davet gönderilirse bu bağlantı geçersiz olur.`,
      'Bu daveti beklemiyorsanız bu e-postayı dikkate almayın.',
    ],
  });
}
