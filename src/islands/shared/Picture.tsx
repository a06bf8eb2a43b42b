import type { ImgHTMLAttributes } from 'react';
import { pictureSources } from '../../../modules/media/index.ts';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> & { src: string; alt: string; sizes?: string };

/** The islands' twin of src/components/Picture.astro: `<picture>` with AVIF/WebP for an upload, a plain `<img>` otherwise. */
export default function Picture({ src, sizes = '100vw', width, height, alt, ...img }: Props) {
  const picture = pictureSources(src);
  if (!picture) return <img src={src} width={width} height={height} alt={alt} {...img} />;
  return (
    <picture>
      {picture.sources.map((s) => <source key={s.type} type={s.type} srcSet={s.srcset} sizes={sizes} />)}
      <img src={picture.src} srcSet={picture.srcset} sizes={sizes} width={width ?? picture.width} height={height ?? picture.height} decoding="async" alt={alt} {...img} />
    </picture>
  );
}
