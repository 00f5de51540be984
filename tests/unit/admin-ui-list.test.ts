import { describe, expect, test } from 'vitest';
import { appendPage, unwrapList, unwrapRecord } from '../../src/admin/lib/list.ts';
import { MAX_EVENTS, mergeEvents, resourceOfEvent } from '../../src/admin/lib/events.ts';

describe('unwrapList', () => {
  test('reads a list wrapped in the field named after the resource, with its cursor', () => {
    const page = unwrapList({ contacts: [{ id: '2', name: 'A' }], nextCursor: '2', eventsThrough: '41' }, 'contacts');
    expect(page).toEqual({ rows: [{ id: '2', name: 'A' }], nextCursor: '2', eventsThrough: '41' });
  });

  test('reads a bare array', () => {
    expect(unwrapList([{ id: 1 }, { id: 'x' }], 'media').rows.map((row) => row.id)).toEqual(['1', 'x']);
  });

  test('reads other names for the same list and a lone array field', () => {
    expect(unwrapList({ subscribers: [{ id: 5 }] }, 'newsletter').rows).toEqual([{ id: '5' }]);
    expect(unwrapList({ posts: [{ id: 6 }] }, 'blog').rows).toEqual([{ id: '6' }]);
    expect(unwrapList({ whatever: [{ id: 7 }], total: 1 }, 'donations').rows).toEqual([{ id: '7' }]);
  });

  test('turns numeric ids into strings and skips items without an id', () => {
    const rows = unwrapList([{ id: 3, a: 1 }, { a: 2 }, null, 'text', { id: { nested: true } }], 'events').rows;
    expect(rows).toEqual([{ id: '3', a: 1 }]);
  });

  test('gives an empty page for answers that hold no list', () => {
    expect(unwrapList(null, 'contacts')).toEqual({ rows: [], nextCursor: null, eventsThrough: null });
    expect(unwrapList({ error: 'x' }, 'contacts')).toEqual({ rows: [], nextCursor: null, eventsThrough: null });
    expect(unwrapList({ a: [], b: [] }, 'contacts').rows).toEqual([]);
  });
});

describe('unwrapRecord', () => {
  test('reads a record wrapped in one of its names or bare', () => {
    expect(unwrapRecord({ program: { id: 1, title: 'T' } }, ['program'])).toEqual({ id: '1', title: 'T' });
    expect(unwrapRecord({ id: 'b', name: 'N' }, ['media'])).toEqual({ id: 'b', name: 'N' });
    expect(unwrapRecord({ post: 'nope' }, ['post'])).toBeNull();
  });
});

describe('appendPage', () => {
  test('adds the next page below without repeating ids', () => {
    const rows = appendPage([{ id: '3' }, { id: '2' }], [{ id: '2' }, { id: '1' }]);
    expect(rows.map((row) => row.id)).toEqual(['3', '2', '1']);
  });
});

describe('mergeEvents', () => {
  const event = (id: number, minute: number) => ({
    id: String(id),
    ts: `2025-01-01T10:${String(minute).padStart(2, '0')}:00Z`,
    type: 't',
  });

  test('puts a new event first', () => {
    const merged = mergeEvents([event(2, 2), event(1, 1)], [event(3, 3)]);
    expect(merged.map((row) => row.id)).toEqual(['3', '2', '1']);
  });

  test('keeps each id once when the stream repeats events after a reconnect', () => {
    const merged = mergeEvents([event(2, 2), event(1, 1)], [event(3, 3), event(2, 2), event(1, 1)]);
    expect(merged.map((row) => row.id)).toEqual(['3', '2', '1']);
  });

  test('keeps at most 500, dropping the oldest', () => {
    const many = Array.from({ length: 600 }, (_, i) => ({
      id: String(i + 1),
      ts: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(),
    }));
    const merged = mergeEvents([], many);
    expect(MAX_EVENTS).toBe(500);
    expect(merged).toHaveLength(500);
    expect(merged[0]?.id).toBe('600');
    expect(merged.at(-1)?.id).toBe('101');
  });

  test('orders events of the same instant by id, numerically', () => {
    const ts = '2025-01-01T10:00:00Z';
    const merged = mergeEvents([{ id: '9', ts }], [{ id: '10', ts }]);
    expect(merged.map((row) => row.id)).toEqual(['10', '9']);
  });
});

describe('resourceOfEvent', () => {
  test('names the list a public submission or an admin change affects', () => {
    expect(resourceOfEvent('newsletter_subscribe')).toBe('newsletter');
    expect(resourceOfEvent('contact_submit')).toBe('contacts');
    expect(resourceOfEvent('internship_application')).toBe('volunteers');
    expect(resourceOfEvent('donation_intent')).toBe('donations');
    expect(resourceOfEvent('admin.programs.create')).toBe('programs');
    expect(resourceOfEvent('admin.media.upload')).toBe('media');
    expect(resourceOfEvent('admin.login')).toBeNull();
    expect(resourceOfEvent(42)).toBeNull();
  });
});
