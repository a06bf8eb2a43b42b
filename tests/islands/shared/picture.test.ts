import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { pictureSources, variantWidths } from '../../../modules/media/index.ts';
import Picture from '../../../src/islands/shared/Picture.tsx';

const upload = '/media/uploads/0123456789abcdef0123456789abcdef-900x600';

describe('responsive pictures of uploads', () => {
  it('keeps every width up to the picture\'s own, never above it', () => {
    expect(variantWidths(2400)).toEqual([320, 640, 960, 1280, 1920]);
    expect(variantWidths(1920)).toEqual([320, 640, 960, 1280, 1920]);
    expect(variantWidths(900)).toEqual([320, 640, 900]);
    expect(variantWidths(200)).toEqual([200]);
  });

  it('offers AVIF and WebP sources and a JPEG fallback with the box\'s size', () => {
    const html = renderToStaticMarkup(createElement(Picture, { src: upload, alt: '', width: 160, height: 160, sizes: '160px' }));
    expect(html).toBe('<picture>'
      + `<source type="image/avif" srcSet="${upload}/320.avif 320w, ${upload}/640.avif 640w, ${upload}/900.avif 900w" sizes="160px"/>`
      + `<source type="image/webp" srcSet="${upload}/320.webp 320w, ${upload}/640.webp 640w, ${upload}/900.webp 900w" sizes="160px"/>`
      + `<img src="${upload}/640.jpg" srcSet="${upload}/320.jpg 320w, ${upload}/640.jpg 640w, ${upload}/900.jpg 900w" sizes="160px" width="160" height="160" decoding="async" alt=""/>`
      + '</picture>');
  });

  it('takes the picture\'s own size when the page gives none, and leaves older static files a plain <img>', () => {
    expect(pictureSources(upload)).toMatchObject({ width: 900, height: 600 });
    expect(renderToStaticMarkup(createElement(Picture, { src: '/media/thumb-shame.webp', alt: 'x', width: 960, height: 540, loading: 'lazy' })))
      .toBe('<img src="/media/thumb-shame.webp" width="960" height="540" alt="x" loading="lazy"/>');
    for (const path of ['/media/uploads/xyz-10x10', '/media/uploads/0123456789abcdef0123456789abcdef.mp4', '/media/uploads/0123456789abcdef0123456789abcdef-0x10']) {
      expect(pictureSources(path), path).toBeNull();
    }
  });
});
