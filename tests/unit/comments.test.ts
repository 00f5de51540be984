import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  $commenterName,
  countComments,
  newId,
  saveCommenterName,
  SEED_COMMENTS,
  toggleLike,
} from '../../src/islands/blog/comments.ts';

afterEach(() => vi.unstubAllGlobals());

/** A localStorage stand-in holding `initial`. */
function storage(initial: Record<string, string> = {}): Map<string, string> {
  const values = new Map(Object.entries(initial));
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  });
  return values;
}

describe('blog comments', () => {
  test('counts every comment and reply shown', () => {
    const expected = SEED_COMMENTS.reduce((total, comment) => total + 1 + comment.replies.length, 0);
    expect(countComments(SEED_COMMENTS)).toBe(expected);
    expect(countComments([])).toBe(0);
  });

  test('a like toggles on and off, moving the count by one', () => {
    const comment = { ...SEED_COMMENTS[0]!, isLiked: false, likes: 4 };
    const liked = toggleLike(comment);
    expect(liked).toMatchObject({ isLiked: true, likes: 5 });
    expect(toggleLike(liked)).toMatchObject({ isLiked: false, likes: 4 });
    expect(comment.likes).toBe(4);
  });

  test('new comments get ids of their own', () => {
    const ids = new Set([newId(), newId(), newId()]);
    expect(ids.size).toBe(3);
  });

  test("remembers the commenter's name, trimmed, for later visits", () => {
    const values = storage({ commenterName: '  Amina  ' });
    const stop = $commenterName.listen(() => {});
    expect($commenterName.get()).toBe('Amina');
    saveCommenterName('  Joseph Kamau ');
    expect($commenterName.get()).toBe('Joseph Kamau');
    expect(values.get('commenterName')).toBe('Joseph Kamau');
    stop();
  });

  test('keeps the name for this visit when storage is blocked', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    });
    saveCommenterName('Wanjiru');
    expect($commenterName.get()).toBe('Wanjiru');
  });
});
