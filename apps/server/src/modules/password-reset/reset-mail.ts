import { PASSWORD_RESET_TTL_MS, type Language } from '@qr-menu/contract';
import type { MailMessage } from '../../mail/mailer.js';

interface ResetMailTexts {
  subject: string;
  hello: (name: string | null) => string;
  intro: string;
  button: string;
  validity: (minutes: number) => string;
  notYou: string;
}

const TEXTS: Record<Language, ResetMailTexts> = {
  az: {
    subject: 'QR Menu: şifrənin yenilənməsi',
    hello: (name) => (name ? `Salam, ${name}!` : 'Salam!'),
    intro: 'QR Menu hesabınızın şifrəsini yeniləmək istənilib. Yeni şifrə təyin etmək üçün linki açın:',
    button: 'Yeni şifrə təyin edin',
    validity: (minutes) => `Link ${minutes} dəqiqə işləyir və yalnız bir dəfə istifadə oluna bilər.`,
    notYou: 'Bunu siz istəməmisinizsə, bu məktubu nəzərə almayın: şifrəniz dəyişməyəcək.',
  },
  en: {
    subject: 'QR Menu: reset your password',
    hello: (name) => (name ? `Hello, ${name}!` : 'Hello!'),
    intro: 'Someone asked to reset the password of your QR Menu account. Open this link to choose a new password:',
    button: 'Choose a new password',
    validity: (minutes) => `The link works for ${minutes} minutes, and only once.`,
    notYou: 'If you did not ask for this, ignore this mail: your password stays as it is.',
  },
  ru: {
    subject: 'QR Menu: сброс пароля',
    hello: (name) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'),
    intro: 'Поступил запрос на сброс пароля вашей учётной записи QR Menu. Чтобы задать новый пароль, откройте ссылку:',
    button: 'Задать новый пароль',
    validity: (minutes) => `Ссылка действует ${minutes} минут и только один раз.`,
    notYou: 'Если вы не запрашивали сброс, просто проигнорируйте это письмо: пароль останется прежним.',
  },
};

/** The brand orange of the web app (shade 6 of its theme): white text on it is readable (5.2:1). */
const BUTTON_COLOUR = '#c2410c';

/** Text for an HTML body: the user's name or the link can hold any character. */
export const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** The mail with the reset link, in the user's language. */
export function resetMail(to: string, name: string | null, link: string, language: Language): MailMessage {
  const t = TEXTS[language];
  const minutes = Math.round(PASSWORD_RESET_TTL_MS / 60_000);
  const text = [t.hello(name), '', t.intro, link, '', t.validity(minutes), '', t.notYou, '', 'QR Menu'].join('\n');
  const html = [
    `<!doctype html><html lang="${language}"><body style="font-family: sans-serif; font-size: 16px; color: #222;">`,
    `<p>${escapeHtml(t.hello(name))}</p>`,
    `<p>${escapeHtml(t.intro)}</p>`,
    `<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 12px 20px; background: ${BUTTON_COLOUR}; ` +
      `color: #fff; text-decoration: none; border-radius: 6px;">${escapeHtml(t.button)}</a></p>`,
    `<p style="font-size: 14px; word-break: break-all;">${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(t.validity(minutes))}</p>`,
    `<p style="color: #666;">${escapeHtml(t.notYou)}</p>`,
    '<p>QR Menu</p>',
    '</body></html>',
  ].join('\n');
  return { to, subject: t.subject, text, html };
}
