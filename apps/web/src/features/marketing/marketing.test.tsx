import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { i18n } from '../../i18n';
import { BENEFITS } from './components/Benefits';
import { DemoVideo } from './components/DemoVideo';
import { CLAIMS } from './components/ClaimStats';
import { chatUrl, contactEmail, DEFAULT_CHAT_URL, demoVideo } from './lib/config';
import { BusinessPage, LandingPage, PartnershipPage } from './index';
import az from './i18n/az.json';
import en from './i18n/en.json';
import ru from './i18n/ru.json';

describe('marketing config', () => {
  it('fills the chat message into the placeholder address or a configured one', () => {
    expect(DEFAULT_CHAT_URL).toContain('994000000000');
    expect(chatUrl('Salam! Demo?', undefined)).toBe('https://wa.me/994000000000?text=Salam!%20Demo%3F');
    expect(chatUrl('Hi there', 'https://t.me/qrmenu_demo')).toBe('https://t.me/qrmenu_demo');
    expect(chatUrl('Hi', 'https://wa.me/123?text={text}')).toBe('https://wa.me/123?text=Hi');
  });

  it('reads the contact address', () => {
    expect(contactEmail(undefined)).toBe('partners@example.com');
    expect(contactEmail('hello@qr.test')).toBe('hello@qr.test');
  });

  it('turns the demo video setting into a file, an embed or nothing', () => {
    expect(demoVideo(undefined)).toBeNull();
    expect(demoVideo('javascript:alert(1)')).toBeNull();
    expect(demoVideo('https://cdn.example.com/demo.mp4')).toEqual({
      kind: 'file',
      src: 'https://cdn.example.com/demo.mp4',
    });
    expect(demoVideo('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toEqual({
      kind: 'embed',
      src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
    });
    expect(demoVideo('https://youtu.be/dQw4w9WgXcQ')?.src).toContain('/embed/dQw4w9WgXcQ');
    expect(demoVideo('https://player.vimeo.com/video/1')).toEqual({
      kind: 'embed',
      src: 'https://player.vimeo.com/video/1',
    });
  });
});

type Tree = Record<string, unknown>;
const get = (tree: Tree, key: string) => key.split('.').reduce<unknown>((o, k) => (o as Tree | undefined)?.[k], tree);

describe('marketing texts', () => {
  // Keys built from variables are not seen by the literal-key test in src/i18n.
  const dynamic = [
    ...CLAIMS.flatMap((c) => [`marketing.claims.${c}.value`, `marketing.claims.${c}.label`]),
    ...BENEFITS.flatMap(([b]) => [`marketing.business.benefits.${b}.title`, `marketing.business.benefits.${b}.text`]),
    ...[1, 2, 3].flatMap((i) => [
      `marketing.steps.s${i}.title`,
      `marketing.partnership.steps.s${i}.text`,
      `marketing.partnership.who.i${i}`,
      `marketing.partnership.what.i${i}`,
    ]),
    ...['t1', 't2'].flatMap((q) => ['quote', 'author', 'role'].map((f) => `marketing.business.testimonials.${q}.${f}`)),
    ...['landing', 'business', 'partnership'].flatMap((p) =>
      ['eyebrow', 'title', 'lead', 'meta.title', 'meta.description'].map((f) => `marketing.${p}.${f}`),
    ),
  ];
  it.each([
    ['az', az],
    ['en', en],
    ['ru', ru],
  ])('%s has every key built in the code', (_l, tree) => {
    for (const k of dynamic) expect(typeof get(tree as Tree, k), k).toBe('string');
  });

  it('states the same claims in every language: first month free, 20–25 minutes, +30%, 2×', () => {
    const all = (tree: Tree) => JSON.stringify(tree);
    for (const tree of [az, en, ru] as Tree[]) {
      const text = all(tree);
      expect(text).toContain('20–25');
      expect(text).toContain('30%');
      expect(text).toContain('2–3');
      expect(text).not.toMatch(/60|5–25|5-25/);
    }
  });
});

describe('marketing pages', () => {
  const routes = (
    <Routes>
      <Route path="/landing/:lang?" element={<LandingPage />} />
      <Route path="/business/:lang?" element={<BusinessPage />} />
      <Route path="/partnership" element={<PartnershipPage />} />
    </Routes>
  );

  it('/landing/ru sets the language, the title, the description and <html lang>', async () => {
    await renderWithProviders(routes, { lang: 'en', path: '/landing/ru' });
    await waitFor(() => expect(i18n.language).toBe('ru'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain(ru.marketing.landing.title);
    expect(document.documentElement.lang).toBe('ru');
    expect(document.title).toBe(ru.marketing.landing.meta.title);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      ru.marketing.landing.meta.description,
    );
    // The registration form has no name field.
    expect(screen.queryByLabelText(/Ваше имя/)).toBeNull();
    expect(screen.getByLabelText(/Название ресторана/)).toBeTruthy();
  });

  it('business page: one h1, benefits, two quotes, a poster without a loaded video', async () => {
    await renderWithProviders(routes, { lang: 'en', path: '/business/en' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole('article')).toHaveLength(BENEFITS.length);
    expect(document.querySelectorAll('blockquote')).toHaveLength(2);
    expect(screen.getByTestId('video-poster')).toBeTruthy();
    expect(document.querySelector('iframe, video')).toBeNull();
    expect(screen.getAllByRole('link', { name: /Request a demo in chat/ })[0].getAttribute('href')).toContain(
      'https://wa.me/994000000000?text=',
    );
  });

  it('partnership page: 2-3 hours, e-mail and chat', async () => {
    await renderWithProviders(routes, { lang: 'en', path: '/partnership' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('2–3 hours a day');
    const mail = screen.getByRole('link', { name: 'partners@example.com' });
    expect(mail.getAttribute('href')).toMatch(/^mailto:partners@example\.com\?subject=/);
    expect(screen.getAllByRole('link', { name: /Write in chat/ }).length).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'az' } });
    await waitFor(() => expect(document.documentElement.lang).toBe('az'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain(az.marketing.partnership.title);
  });
});

describe('demo video', () => {
  it('loads the embed only after a click on the poster', async () => {
    await renderWithProviders(<DemoVideo url="https://youtu.be/dQw4w9WgXcQ" />, { lang: 'en' });
    expect(document.querySelector('iframe')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Play the demo video' }));
    const frame = document.querySelector('iframe');
    expect(frame?.getAttribute('src')).toContain('youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(frame?.getAttribute('title')).toBe('QR Menu demo video');
  });

  it('offline: a message and the chat link instead of the video', async () => {
    const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      await renderWithProviders(<DemoVideo url="https://cdn.example.com/demo.mp4" />, { lang: 'en' });
      fireEvent.click(screen.getByRole('button', { name: 'Play the demo video' }));
      expect(document.querySelector('video, iframe')).toBeNull();
      expect(screen.getByRole('status').textContent).toContain('could not be loaded');
      expect(screen.getByRole('link', { name: /Request a demo in chat/ })).toBeTruthy();
    } finally {
      delete (navigator as unknown as Record<string, unknown>).onLine;
      if (online) Object.defineProperty(Navigator.prototype, 'onLine', online);
    }
  });

  it('a video file that fails to load falls back to the message', async () => {
    await renderWithProviders(<DemoVideo url="https://cdn.example.com/demo.mp4" />, { lang: 'en' });
    fireEvent.click(screen.getByRole('button', { name: 'Play the demo video' }));
    const video = document.querySelector('video');
    expect(video?.getAttribute('src')).toBe('https://cdn.example.com/demo.mp4');
    fireEvent.error(video!);
    expect(document.querySelector('video')).toBeNull();
    expect(screen.getByRole('status')).toBeTruthy();
  });
});
