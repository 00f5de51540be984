/**
 * The upload limit, shared by the upload function and the dashboard (which makes photos smaller before sending them,
 * and says why a file cannot be taken). Small and dependency-free: the dashboard bundle imports it.
 */

/** Largest file the upload function accepts (the platform's binary request limit is about 4.5 MB). */
export const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;

/** The limit as staff read it: "4 MB". */
export const UPLOAD_LIMIT_TEXT = `${MAX_UPLOAD_BYTES / 1024 / 1024} MB`;

/** What the upload function answers a file over the limit with. */
export const TOO_LARGE = `The file is larger than ${UPLOAD_LIMIT_TEXT}, the most that can be uploaded`;

/** Photo types the dashboard can make smaller in the browser (a canvas decodes and encodes them everywhere). */
export const RESIZABLE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];

/** Longest side a photo is first brought down to: more than any page of the site shows. */
export const MAX_IMAGE_EDGE = 2560;

/** Shortest long side the browser goes down to before giving up on a photo. */
export const MIN_IMAGE_EDGE = 640;

/** A file size for people: '840 KB', '9.2 MB'. */
export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${Math.round(size / 1024)} KB`;
  return `${(size / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The sizes a photo of `width` × `height` is tried at, largest first: within {@link MAX_IMAGE_EDGE} on its long side
 * (never enlarged), then three quarters of the last each time, down to {@link MIN_IMAGE_EDGE}; aspect kept.
 */
export function resizeSteps(width: number, height: number): { width: number; height: number }[] {
  const long = Math.max(width, height);
  if (!(long > 0)) return [];
  const steps: { width: number; height: number }[] = [];
  let edge = Math.min(long, MAX_IMAGE_EDGE);
  for (;;) {
    const scale = edge / long;
    steps.push({ width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) });
    if (edge <= MIN_IMAGE_EDGE) return steps;
    edge = Math.max(MIN_IMAGE_EDGE, Math.floor(edge * 0.75));
  }
}

/** Why a file over the limit could not be taken. */
export type TooLargeCause = 'not-a-photo' | 'unreadable' | 'still-too-large';

/** The reason shown when a file over the limit cannot be uploaded, naming its size and the limit. */
export function tooLargeReason(name: string, size: number, cause: TooLargeCause): string {
  const over = `${name} is ${formatBytes(size)}, and files can be at most ${UPLOAD_LIMIT_TEXT}.`;
  switch (cause) {
    case 'not-a-photo':
      return `${over} Only JPEG, PNG and WebP photos are made smaller here: make the file smaller first.`;
    case 'unreadable':
      return `${over} This browser could not open the photo to make it smaller: save it as a JPEG first.`;
    case 'still-too-large':
      return `${over} Even made smaller here it stayed over the limit: crop it or save it at a lower quality first.`;
  }
}
