import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import {
  POPUP_SIZES,
  copyText,
  openSharePopup,
  shareUrl,
  whatsappShareUrl,
  type ShareNetwork,
} from '../../lib/share.ts';
import { showToast } from '../../lib/toast.ts';
import { $comments, countComments } from './comments.ts';

type Props = {
  /** The story's canonical address, the link that is shared and copied. */
  url: string;
  /** The story's title, the text of the shared message. */
  title: string;
};

/** Likes a story starts with. */
const INITIAL_LIKES = 156;

const POPUP_NETWORKS: { network: ShareNetwork; label: string }[] = [
  { network: 'facebook', label: 'Facebook' },
  { network: 'x', label: 'X (Twitter)' },
];

/** The bar under a story's header: like toggle, comment count and the Share menu. Likes stay in the page. */
export default function PostActions({ url, title }: Props) {
  const [liked, setLiked] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const comments = useStore($comments);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!shareOpen) return;
    const closeOnOutside = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setShareOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setShareOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', closeOnOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [shareOpen]);

  const copyLink = async () => {
    setShareOpen(false);
    if (await copyText(url)) showToast('Link copied to clipboard!');
    else showToast(`Could not copy the link. Its address is ${url}`, 'error');
  };

  const count = countComments(comments);
  const likes = INITIAL_LIKES + (liked ? 1 : 0);

  return (
    <div className="post-actions" ref={root}>
      <button
        type="button"
        className="post-actions__like"
        aria-pressed={liked}
        onClick={() => setLiked((value) => !value)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M12 21s-7.5-4.6-9.6-9.3C.9 8.3 3 4.5 6.8 4.5c2.1 0 3.6 1.1 5.2 3 1.6-1.9 3.1-3 5.2-3 3.8 0 5.9 3.8 4.4 7.2C19.5 16.4 12 21 12 21Z"
            fill={liked ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
        <span className="visually-hidden">Like this story, </span>
        <span data-like-count>{likes}</span>
        <span className="visually-hidden"> likes</span>
      </button>
      <a className="post-actions__comments" href="#comments">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M4 5h16v11H9l-5 4V5Z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        </svg>
        <span data-comment-count>{count}</span> {count === 1 ? 'Comment' : 'Comments'}
      </a>
      <div className="post-actions__share">
        <button
          ref={toggle}
          type="button"
          className="button button--ghost"
          aria-expanded={shareOpen}
          aria-controls={menuId}
          onClick={() => setShareOpen((open) => !open)}
        >
          Share
        </button>
        <ul id={menuId} className="post-actions__menu plain-list" hidden={!shareOpen}>
          {POPUP_NETWORKS.map(({ network, label }) => (
            <li key={network}>
              <button
                type="button"
                onClick={() => {
                  setShareOpen(false);
                  openSharePopup(shareUrl(network, url, title), POPUP_SIZES[network]);
                }}
              >
                Share on {label}
              </button>
            </li>
          ))}
          <li>
            <a
              href={whatsappShareUrl(url, title)}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => setShareOpen(false)}
            >
              Share on WhatsApp
            </a>
          </li>
          <li>
            <button type="button" onClick={() => void copyLink()}>
              Copy Link
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
