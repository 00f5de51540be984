/**
 * Makes a photo over the upload limit smaller in the browser before it is sent (a phone photo is often
 * 5–12 MB): decoded with `createImageBitmap` (which follows the photo's orientation), drawn on a canvas at each of
 * {@link resizeSteps}' sizes, aspect kept, and encoded until it fits. No URL is loaded, so the dashboard's CSP allows it.
 */
import { MAX_UPLOAD_BYTES, RESIZABLE_TYPES, resizeSteps, type TooLargeCause } from '../../lib/uploads.ts';

/** A photo made to fit, or why it could not be. */
export type Shrunk = { readonly file: File } | { readonly cause: TooLargeCause };

const QUALITIES = [0.85, 0.72];

function encode(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/** `name` with the extension of `type` ("IMG_2041.PNG", image/webp → "IMG_2041.webp"). */
function renamed(name: string, type: string): string {
  const ext = type === 'image/jpeg' ? 'jpg' : (type.split('/')[1] ?? 'img');
  const stem = name.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'photo';
  return `${stem}.${ext}`;
}

/** `file` itself when within `limit`; otherwise a smaller copy of the photo, or the cause it cannot be taken. */
export async function shrinkImage(file: File, limit = MAX_UPLOAD_BYTES): Promise<Shrunk> {
  if (file.size <= limit) return { file };
  if (!RESIZABLE_TYPES.includes(file.type)) return { cause: 'not-a-photo' };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { cause: 'unreadable' };
  }
  try {
    // JPEG stays JPEG; PNG and WebP (which may be transparent) become WebP where the browser can write it.
    const type = file.type === 'image/jpeg' ? 'image/jpeg' : 'image/webp';
    const canvas = document.createElement('canvas');
    for (const size of resizeSteps(bitmap.width, bitmap.height)) {
      canvas.width = size.width;
      canvas.height = size.height;
      const context = canvas.getContext('2d');
      if (!context) return { cause: 'unreadable' };
      context.imageSmoothingQuality = 'high';
      context.drawImage(bitmap, 0, 0, size.width, size.height);
      for (const quality of QUALITIES) {
        const blob = await encode(canvas, type, quality);
        if (blob && blob.size > 0 && blob.size <= limit) {
          return { file: new File([blob], renamed(file.name, blob.type), { type: blob.type }) };
        }
      }
    }
    return { cause: 'still-too-large' };
  } finally {
    bitmap.close();
  }
}
