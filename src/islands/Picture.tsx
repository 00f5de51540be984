import type { ResponsiveImage } from '../lib/images.ts';

type Props = {
  image: ResponsiveImage;
  alt: string;
  sizes: string;
  className?: string;
  /** The page's largest image above the fold: load it first. */
  priority?: boolean;
};

/** A responsive AVIF/WebP picture for islands (Astro pages use `<Picture>` from astro:assets). */
export default function Picture({ image, alt, sizes, className, priority = false }: Props) {
  return (
    <picture>
      <source type="image/avif" srcSet={image.avif} sizes={sizes} />
      <source type="image/webp" srcSet={image.webp} sizes={sizes} />
      <img
        src={image.src}
        alt={alt}
        width={image.width}
        height={image.height}
        className={className}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'sync' : 'async'}
        fetchPriority={priority ? 'high' : 'auto'}
      />
    </picture>
  );
}
