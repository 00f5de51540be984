/**
 * Sharing a page (blog posts and Contact): each network's share page and a WhatsApp message, built from the page's
 * address; with the popup that opens a share page (share-popup.ts) and the copying of a link (copy-text.ts), so that
 * an island imports sharing from one place. A page script that needs only the popup or the copy imports that file
 * alone, and ships neither the addresses nor the other.
 */
import { chatUrl } from './links.ts';
import type { ShareNetwork } from './share-popup.ts';

export * from './share-popup.ts';
export * from './copy-text.ts';

/** The share page of `network` for `pageUrl`, with `text` where the network takes one. */
export function shareUrl(network: ShareNetwork, pageUrl: string, text = ''): string {
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(pageUrl)}`;
    case 'x': {
      const url = new URL('https://twitter.com/intent/tweet');
      url.searchParams.set('url', pageUrl);
      if (text) url.searchParams.set('text', text);
      return url.toString();
    }
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(pageUrl)}`;
  }
}

/** A WhatsApp chat that starts with `text` and the link; the visitor picks who to send it to. */
export function whatsappShareUrl(pageUrl: string, text: string): string {
  // wa.me without a number is WhatsApp's "choose a chat" share link.
  return chatUrl('', `${text} ${pageUrl}`.trim());
}
