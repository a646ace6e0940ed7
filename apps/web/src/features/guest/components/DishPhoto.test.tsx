import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { GuestPhoto } from '@qr-menu/contract';
import { DishPhoto } from './DishPhoto';

const photo: GuestPhoto = {
  src: '/api/image/7/0123456789abcdef.webp',
  srcSet:
    '/api/image/7/0123456789abcdef/160.webp 160w, /api/image/7/0123456789abcdef/320.webp 320w, /api/image/7/0123456789abcdef.webp 1024w',
  width: 1024,
  height: 768,
};

/** The rendered <img>'s attributes (as the server would send them). */
function imgAttributes(element: React.ReactElement) {
  const html = renderToStaticMarkup(element);
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const img = doc.querySelector('img');
  if (!img) throw new Error(`no <img> in ${html}`);
  return Object.fromEntries([...img.attributes].map((a) => [a.name, a.value]));
}

describe('DishPhoto', () => {
  it('with a sized photo: srcset, sizes, intrinsic width/height, lazy by default', () => {
    const img = imgAttributes(<DishPhoto src={photo.src} photo={photo} alt="Plov" />);
    expect(img).toMatchObject({
      src: photo.src,
      srcset: photo.srcSet,
      sizes: '(min-width: 600px) 560px, 100vw',
      width: '1024',
      height: '768',
      loading: 'lazy',
      alt: 'Plov',
    });
    expect(img.fetchpriority).toBeUndefined();
  });

  it('eager photos load at once with fetchpriority="high"; sizes can be given', () => {
    const img = imgAttributes(<DishPhoto src={null} photo={photo} alt="" sizes="124px" eager />);
    expect(img).toMatchObject({ src: photo.src, sizes: '124px', loading: 'eager', fetchpriority: 'high' });
  });

  it('keeps working with only src (no srcset), as a cart line from an older menu has it', () => {
    const img = imgAttributes(<DishPhoto src="/api/image/7.webp" alt="" variant="thumb" />);
    expect(img).toMatchObject({ src: '/api/image/7.webp', width: '64', height: '64', loading: 'lazy' });
    expect(img.srcset).toBeUndefined();
    expect(img.sizes).toBeUndefined();
  });

  it('without any photo shows the icon band, no image', () => {
    const html = renderToStaticMarkup(<DishPhoto src={null} photo={null} alt="Tea" />);
    expect(html).not.toContain('<img');
    expect(html).toContain('<svg');
  });
});
