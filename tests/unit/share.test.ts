import { describe, expect, test } from 'vitest';
import {
  POPUP_SIZES,
  copyText,
  openSharePopup,
  popupFeatures,
  shareUrl,
  whatsappShareUrl,
  type CopyHost,
  type PopupHost,
} from '../../src/lib/share.ts';

const PAGE = 'https://tumaini-children.netlify.app/blog/first-day-at-kibera-hope/';

describe('shareUrl', () => {
  test('builds each network’s share page with the page address encoded', () => {
    expect(shareUrl('facebook', PAGE)).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(PAGE)}`);
    const x = new URL(shareUrl('x', PAGE, 'A good story'));
    expect(x.origin + x.pathname).toBe('https://twitter.com/intent/tweet');
    expect(x.searchParams.get('url')).toBe(PAGE);
    expect(x.searchParams.get('text')).toBe('A good story');
    expect(shareUrl('linkedin', PAGE)).toBe(
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(PAGE)}`,
    );
  });

  test('makes a WhatsApp message holding the title and the link', () => {
    const url = new URL(whatsappShareUrl(PAGE, 'A good story'));
    expect(url.hostname).toBe('wa.me');
    expect(url.searchParams.get('text')).toBe(`A good story ${PAGE}`);
  });
});

describe('popups', () => {
  test('uses 626×436 for Facebook and 550×420 for X, centred over the window', () => {
    expect(POPUP_SIZES.facebook).toEqual({ width: 626, height: 436 });
    expect(POPUP_SIZES.x).toEqual({ width: 550, height: 420 });
    expect(popupFeatures(POPUP_SIZES.facebook, { screenX: 100, screenY: 50, outerWidth: 1226, outerHeight: 836 })).toBe(
      'popup=yes,width=626,height=436,left=400,top=250',
    );
    expect(popupFeatures(POPUP_SIZES.x, { screenX: 0, screenY: 0, outerWidth: 320, outerHeight: 300 })).toBe(
      'popup=yes,width=550,height=420,left=0,top=0',
    );
  });

  function host(popup: { opener: unknown } | null) {
    const calls: { opened: string[][]; navigated: string[] } = { opened: [], navigated: [] };
    const fake: PopupHost = {
      screenX: 0,
      screenY: 0,
      outerWidth: 1000,
      outerHeight: 800,
      open: (...args) => {
        calls.opened.push(args);
        return popup;
      },
      location: { assign: (url) => calls.navigated.push(url) },
    };
    return { fake, calls };
  }

  test('opens a popup and cuts its link back to the page', () => {
    const popup = { opener: 'the page' as unknown };
    const { fake, calls } = host(popup);
    expect(openSharePopup('https://x.test/share', POPUP_SIZES.x, fake)).toBe('popup');
    expect(calls.opened[0]?.[0]).toBe('https://x.test/share');
    expect(calls.opened[0]?.[2]).toContain('width=550,height=420');
    expect(popup.opener).toBeNull();
    expect(calls.navigated).toEqual([]);
  });

  test('navigates the page to the share page when the popup is blocked', () => {
    const { fake, calls } = host(null);
    expect(openSharePopup('https://x.test/share', POPUP_SIZES.facebook, fake)).toBe('navigated');
    expect(calls.navigated).toEqual(['https://x.test/share']);
  });
});

describe('copyText', () => {
  function fakeDocument(execResult: boolean | 'throw') {
    const log: string[] = [];
    const area = {
      value: '',
      style: {} as Record<string, string>,
      setAttribute: () => undefined,
      select: () => log.push(`select ${area.value}`),
      remove: () => log.push('remove'),
    };
    const button = { focus: () => log.push('focus button') };
    const doc = {
      activeElement: button,
      body: { append: () => log.push('append') },
      createElement: () => area,
      execCommand: (command: string) => {
        log.push(`exec ${command}`);
        if (execResult === 'throw') throw new Error('not allowed');
        return execResult;
      },
    } as unknown as CopyHost['document'];
    return { doc, log };
  }

  test('uses the Clipboard API when there is one', async () => {
    const written: string[] = [];
    const { doc, log } = fakeDocument(true);
    const copied = await copyText('link', {
      clipboard: { writeText: (t) => Promise.resolve(void written.push(t)) },
      document: doc,
    });
    expect(copied).toBe(true);
    expect(written).toEqual(['link']);
    expect(log).toEqual([]);
  });

  test('falls back to a hidden textarea when the Clipboard API is missing', async () => {
    const { doc, log } = fakeDocument(true);
    expect(await copyText('link', { clipboard: undefined, document: doc })).toBe(true);
    expect(log).toEqual(['append', 'select link', 'exec copy', 'remove', 'focus button']);
  });

  test('falls back when the Clipboard API refuses', async () => {
    const { doc, log } = fakeDocument(true);
    const refusing = { writeText: () => Promise.reject(new Error('denied')) };
    expect(await copyText('link', { clipboard: refusing, document: doc })).toBe(true);
    expect(log).toContain('exec copy');
  });

  test('answers false when nothing can copy', async () => {
    expect(await copyText('link', { clipboard: undefined, document: fakeDocument(false).doc })).toBe(false);
    expect(await copyText('link', { clipboard: undefined, document: fakeDocument('throw').doc })).toBe(false);
  });
});
