/**
 * Addresses the public pages link to. Vite reads VITE_* variables at build time (`npm run build`), so a
 * change needs a rebuild. Every default is a clearly fake placeholder, never a real number or mailbox.
 */

/** WhatsApp-style placeholder (+994 000 00 00 00 is not a real number). `{text}` is the prefilled message. */
export const DEFAULT_CHAT_URL = 'https://wa.me/994000000000?text={text}';
/** Placeholder mailbox of the partner programme (example.com is reserved for examples). */
export const DEFAULT_CONTACT_EMAIL = 'partners@example.com';

const env = import.meta.env as Record<string, string | undefined>;
const setting = (name: string) => {
  const value = env[name]?.trim();
  return value ? value : undefined;
};

/**
 * The chat link for a demo request (VITE_DEMO_CHAT_URL, also used by the partnership page). `{text}` in the
 * configured address is replaced by the URL-encoded message in the visitor's language; an address without
 * `{text}` is used as it is.
 */
export function chatUrl(message: string, configured = setting('VITE_DEMO_CHAT_URL')): string {
  const template = configured ?? DEFAULT_CHAT_URL;
  return template.replace('{text}', encodeURIComponent(message));
}

/** The partner programme's e-mail address (VITE_CONTACT_EMAIL). */
export const contactEmail = (configured = setting('VITE_CONTACT_EMAIL')) => configured ?? DEFAULT_CONTACT_EMAIL;

export function mailtoUrl(email: string, subject: string) {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}`;
}

export type DemoVideo = { kind: 'file'; src: string } | { kind: 'embed'; src: string };

/**
 * The demo video (VITE_DEMO_VIDEO_URL): a video file (.mp4, .webm, .ogg) plays in a <video>, YouTube watch or
 * short links become privacy-enhanced embeds, any other http(s) address is embedded as it is. Unset or not
 * http(s): null (the page shows the poster with a chat link instead).
 */
export function demoVideo(configured = setting('VITE_DEMO_VIDEO_URL')): DemoVideo | null {
  if (!configured) return null;
  let url: URL;
  try {
    url = new URL(configured, typeof window === 'undefined' ? 'http://localhost' : window.location.origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (/\.(mp4|webm|ogg|ogv)$/i.test(url.pathname)) return { kind: 'file', src: url.toString() };
  const host = url.hostname.replace(/^www\.|^m\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.slice(1);
  else if (host === 'youtube.com' && url.pathname === '/watch') id = url.searchParams.get('v');
  if (id && /^[\w-]{6,20}$/.test(id)) {
    return { kind: 'embed', src: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0` };
  }
  return { kind: 'embed', src: url.toString() };
}
