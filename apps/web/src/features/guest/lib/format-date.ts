const formatters = new Map<string, Intl.DateTimeFormat>();

/** "21 Nov, 14:05" in the chosen language (today's orders show only the time). */
export function formatOrderDate(iso: string, lang: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const sameDay = date.toDateString() === now.toDateString();
  const key = `${lang}:${sameDay}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(
      lang,
      sameDay
        ? { hour: '2-digit', minute: '2-digit' }
        : { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
    );
    formatters.set(key, f);
  }
  return f.format(date);
}
