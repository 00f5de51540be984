/**
 * Page-local comments of a story: they live only in page memory and are never sent
 * anywhere. The commenter's name is the one thing kept, in localStorage, so it survives a reload.
 */
import { atom, onMount } from 'nanostores';

/** A reply: a comment without replies of its own. */
export type Reply = {
  id: string;
  author: string;
  content: string;
  /** Date label as shown, e.g. '2 days ago'; 'Just now' for new ones. */
  date: string;
  likes: number;
  isLiked: boolean;
};

/** A comment and its replies. */
export type Comment = Reply & { replies: Reply[] };

/** Label of a comment or reply written on this visit. */
export const JUST_NOW = 'Just now';

/** The sample conversation every story opens with: 3 comments and 2 replies. */
export const SEED_COMMENTS: readonly Comment[] = [
  {
    id: 'seed-1',
    author: 'Wanjiru Kamau',
    content:
      'Thank you for sharing this. I grew up not far from here, and it means a lot to see the children’s stories told with so much care.',
    date: '2 days ago',
    likes: 12,
    isLiked: false,
    replies: [
      {
        id: 'seed-1-reply-1',
        author: 'Tumaini Team',
        content:
          'Asante sana, Wanjiru! Come and visit us in Westlands any time — the children love meeting neighbours.',
        date: '1 day ago',
        likes: 4,
        isLiked: false,
      },
    ],
  },
  {
    id: 'seed-2',
    author: 'David Ochieng',
    content:
      'I have sponsored a girl in Kibera for two years now and the yearly letters are the best post I get. Stories like this are why I keep going.',
    date: '3 days ago',
    likes: 8,
    isLiked: false,
    replies: [
      {
        id: 'seed-2-reply-1',
        author: 'Sarah Mitchell',
        content: 'Same here, David. I started last spring and I already feel part of the community.',
        date: '2 days ago',
        likes: 2,
        isLiked: false,
      },
    ],
  },
  {
    id: 'seed-3',
    author: 'Amina Hassan',
    content: 'Shared this with my book club — we are organising a collection of exercise books for next term.',
    date: '1 week ago',
    likes: 5,
    isLiked: false,
    replies: [],
  },
];

/** Every comment on the page, newest first. */
export const $comments = atom<readonly Comment[]>(SEED_COMMENTS);

/** How many comments and replies the page shows. */
export function countComments(comments: readonly Comment[]): number {
  return comments.reduce((total, comment) => total + 1 + comment.replies.length, 0);
}

/** The like toggle: liked ↔ unliked, the count up or down by one. */
export function toggleLike<T extends Reply>(item: T): T {
  return { ...item, isLiked: !item.isLiked, likes: item.likes + (item.isLiked ? -1 : 1) };
}

let lastId = 0;
/** A fresh id for a comment written on this visit. */
export function newId(): string {
  lastId += 1;
  return `new-${lastId}`;
}

const NAME_KEY = 'commenterName';

/** The commenter's saved name, '' when none (nanostores without the persistent add-on, synced by hand). */
export const $commenterName = atom('');

// Read storage only once someone listens (in the browser, after hydration), so the server HTML never differs.
onMount($commenterName, () => {
  try {
    const saved = localStorage.getItem(NAME_KEY)?.trim();
    if (saved) $commenterName.set(saved);
  } catch {
    // Storage disabled: the name lasts for this visit only.
  }
});

/** Saves the commenter's name for this and later visits. */
export function saveCommenterName(name: string): void {
  const trimmed = name.trim();
  $commenterName.set(trimmed);
  try {
    localStorage.setItem(NAME_KEY, trimmed);
  } catch {
    // Storage disabled: the name lasts for this visit only.
  }
}
