/** Responsive image sources for React islands, made by Astro's image pipeline at build time. */
import { getImage } from 'astro:assets';

/** What an island needs to render a responsive `<picture>`. */
export type ResponsiveImage = {
  src: string;
  avif: string;
  webp: string;
  width: number;
  height: number;
};

/** AVIF and WebP `srcset`s of `image` at the given widths (never wider than the source). */
export async function responsiveImage(image: ImageMetadata, widths: number[]): Promise<ResponsiveImage> {
  const usable = widths.filter((width) => width <= image.width);
  const sizes = usable.length > 0 ? usable : [image.width];
  const largest = Math.max(...sizes);
  const [avif, webp] = await Promise.all(
    (['avif', 'webp'] as const).map((format) => getImage({ src: image, widths: sizes, width: largest, format })),
  );
  return {
    src: webp!.src,
    avif: avif!.srcSet.attribute,
    webp: webp!.srcSet.attribute,
    width: largest,
    height: Math.round((image.height / image.width) * largest),
  };
}
