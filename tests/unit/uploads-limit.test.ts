/**
 * Photos over the upload limit: the sizes the dashboard tries when it makes a photo smaller in the browser
 * (aspect kept, never enlarged), and the reason, with the limit, shown for a file it still cannot take. The canvas
 * itself is exercised in the browser (tests/e2e/dashboard.spec.ts).
 */
import { describe, expect, test } from 'vitest';
import {
  MAX_IMAGE_EDGE,
  MAX_UPLOAD_BYTES,
  MIN_IMAGE_EDGE,
  formatBytes,
  resizeSteps,
  tooLargeReason,
} from '../../src/lib/uploads.ts';

describe('making a photo fit the upload limit', () => {
  test('the limit is 4 MB, as the upload function enforces it', () => {
    expect(MAX_UPLOAD_BYTES).toBe(4 * 1024 * 1024);
    expect(formatBytes(9_650_000)).toBe('9.2 MB');
  });

  test('a 12-megapixel phone photo is first brought within 2560 px, then three quarters each step, aspect kept', () => {
    const steps = resizeSteps(4032, 3024);
    expect(steps[0]).toEqual({ width: 2560, height: 1920 });
    expect(steps[1]).toEqual({ width: 1920, height: 1440 });
    expect(steps.at(-1)).toEqual({ width: MIN_IMAGE_EDGE, height: 480 });
    for (const step of steps) expect(Math.abs(step.width / step.height - 4032 / 3024)).toBeLessThan(0.01);
    // Each step is smaller than the one before.
    expect(steps.map((step) => step.width)).toEqual([...steps.map((step) => step.width)].sort((a, b) => b - a));
  });

  test('a portrait photo keeps its long side vertical; a small one is never enlarged', () => {
    expect(resizeSteps(3000, 4000)[0]).toEqual({ width: MAX_IMAGE_EDGE * 0.75, height: MAX_IMAGE_EDGE });
    expect(resizeSteps(800, 600)[0]).toEqual({ width: 800, height: 600 });
    expect(resizeSteps(500, 300)).toEqual([{ width: 500, height: 300 }]);
    expect(resizeSteps(0, 0)).toEqual([]);
  });

  test('a file that still cannot be taken gets its size, the limit and what to do', () => {
    expect(tooLargeReason('IMG_2041.HEIC', 9_650_000, 'not-a-photo')).toBe(
      'IMG_2041.HEIC is 9.2 MB, and files can be at most 4 MB. Only JPEG, PNG and WebP photos are made smaller here: make the file smaller first.',
    );
    expect(tooLargeReason('scan.png', 5 * 1024 * 1024, 'still-too-large')).toContain(
      'scan.png is 5.0 MB, and files can be at most 4 MB. Even made smaller here it stayed over the limit',
    );
    expect(tooLargeReason('broken.jpg', 6 * 1024 * 1024, 'unreadable')).toContain('could not open the photo');
  });
});
