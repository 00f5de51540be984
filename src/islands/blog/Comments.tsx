import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import Modal from '../shared/Modal.tsx';
import {
  $commenterName,
  $comments,
  JUST_NOW,
  countComments,
  newId,
  saveCommenterName,
  toggleLike,
  type Comment,
  type Reply,
} from './comments.ts';

type Props = Record<never, never>;

/** What to post once the visitor has given a name. */
type Pending = { kind: 'comment' } | { kind: 'reply'; commentId: string } | null;

function LikeButton({ item, onToggle }: { item: Reply; onToggle: () => void }) {
  return (
    <button type="button" className="comment__like" aria-pressed={item.isLiked} onClick={onToggle}>
      <span aria-hidden="true">{item.isLiked ? '♥' : '♡'}</span>
      <span className="visually-hidden">Like the comment by {item.author}, </span>
      <span data-like-count>{item.likes}</span>
      <span className="visually-hidden"> likes</span>
    </button>
  );
}

function Byline({ item }: { item: Reply }) {
  return (
    <p className="comment__byline">
      <span className="comment__avatar" aria-hidden="true">
        {item.author.charAt(0).toUpperCase()}
      </span>
      <strong className="comment__author">{item.author}</strong>
      <span className="comment__date">{item.date}</span>
    </p>
  );
}

/**
 * The comments of a story: post and reply, like each, all in page memory only. Posting without a
 * saved name opens the name prompt first; the comment goes up once the name is saved.
 */
export default function Comments(_props: Props) {
  const comments = useStore($comments);
  const name = useStore($commenterName);
  // The saved name lives on this device only: shown once hydrated, so the first render matches the server's HTML.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const shownName = hydrated ? name : '';
  const [draft, setDraft] = useState('');
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const [replyDraft, setReplyDraft] = useState('');
  const [prompt, setPrompt] = useState(false);
  const [nameDraft, setNameDraft] = useState('');
  const pending = useRef<Pending>(null);
  const id = useId();

  const update = (change: (list: readonly Comment[]) => readonly Comment[]) => $comments.set(change($comments.get()));

  const postComment = (author: string) => {
    const content = draft.trim();
    if (!content) return;
    update((list) => [
      { id: newId(), author, content, date: JUST_NOW, likes: 0, isLiked: false, replies: [] },
      ...list,
    ]);
    setDraft('');
  };

  const postReply = (author: string, commentId: string) => {
    const content = replyDraft.trim();
    if (!content) return;
    const reply: Reply = { id: newId(), author, content, date: JUST_NOW, likes: 0, isLiked: false };
    update((list) => list.map((c) => (c.id === commentId ? { ...c, replies: [...c.replies, reply] } : c)));
    setReplyDraft('');
    setReplyTo(null);
  };

  const askName = (next: Pending) => {
    pending.current = next;
    setNameDraft(name);
    setPrompt(true);
  };

  const submitComment = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!draft.trim()) return;
    if (name) postComment(name);
    else askName({ kind: 'comment' });
  };

  const submitReply = (event: SubmitEvent<HTMLFormElement>, commentId: string) => {
    event.preventDefault();
    // Blank replies are ignored.
    if (!replyDraft.trim()) return;
    if (name) postReply(name, commentId);
    else askName({ kind: 'reply', commentId });
  };

  const saveName = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = nameDraft.trim();
    if (!chosen) return;
    saveCommenterName(chosen);
    setPrompt(false);
    const next = pending.current;
    pending.current = null;
    if (next?.kind === 'comment') postComment(chosen);
    else if (next?.kind === 'reply') postReply(chosen, next.commentId);
  };

  const cancelName = () => {
    pending.current = null;
    setPrompt(false);
  };

  const count = countComments(comments);

  return (
    <div className="comments">
      <h2 id="comments-heading">
        Comments <span className="comments__count">({count})</span>
      </h2>

      <form className="comments__form form" method="post" onSubmit={submitComment}>
        <div className="field">
          <label htmlFor={`${id}-comment`}>Add a comment</label>
          <textarea
            id={`${id}-comment`}
            name="comment"
            rows={3}
            placeholder="Share your thoughts…"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <div className="comments__form-footer">
          {shownName ? (
            <p className="comments__as">
              Commenting as <strong>{shownName}</strong>{' '}
              <button type="button" className="link-button" onClick={() => askName(null)}>
                Change name
              </button>
            </p>
          ) : (
            <span />
          )}
          <button type="submit" className="button" disabled={!draft.trim()}>
            Post Comment
          </button>
        </div>
      </form>

      <ol className="comments__list plain-list">
        {comments.map((comment) => (
          <li key={comment.id} className="comment">
            <article aria-label={`Comment by ${comment.author}`}>
              <Byline item={comment} />
              <p className="comment__content">{comment.content}</p>
              <div className="comment__actions">
                <LikeButton
                  item={comment}
                  onToggle={() => update((list) => list.map((c) => (c.id === comment.id ? toggleLike(c) : c)))}
                />
                <button
                  type="button"
                  className="link-button"
                  aria-expanded={replyTo === comment.id}
                  onClick={() => {
                    setReplyTo(replyTo === comment.id ? null : comment.id);
                    setReplyDraft('');
                  }}
                >
                  Reply<span className="visually-hidden"> to {comment.author}</span>
                </button>
              </div>
              {replyTo === comment.id && (
                <form
                  className="comment__reply-form form"
                  method="post"
                  onSubmit={(event) => submitReply(event, comment.id)}
                >
                  <div className="field">
                    <label htmlFor={`${id}-reply-${comment.id}`}>Reply to {comment.author}</label>
                    <textarea
                      id={`${id}-reply-${comment.id}`}
                      name="reply"
                      rows={2}
                      value={replyDraft}
                      onChange={(event) => setReplyDraft(event.target.value)}
                    />
                  </div>
                  <div className="button-row">
                    <button type="submit" className="button">
                      Post Reply
                    </button>
                    <button type="button" className="button button--ghost" onClick={() => setReplyTo(null)}>
                      Cancel
                    </button>
                  </div>
                </form>
              )}
              {comment.replies.length > 0 && (
                <ol className="comment__replies plain-list">
                  {comment.replies.map((reply) => (
                    <li key={reply.id} className="comment comment--reply">
                      <article aria-label={`Reply by ${reply.author}`}>
                        <Byline item={reply} />
                        <p className="comment__content">{reply.content}</p>
                        <div className="comment__actions">
                          <LikeButton
                            item={reply}
                            onToggle={() =>
                              update((list) =>
                                list.map((c) =>
                                  c.id === comment.id
                                    ? { ...c, replies: c.replies.map((r) => (r.id === reply.id ? toggleLike(r) : r)) }
                                    : c,
                                ),
                              )
                            }
                          />
                        </div>
                      </article>
                    </li>
                  ))}
                </ol>
              )}
            </article>
          </li>
        ))}
      </ol>

      <Modal id="commenter-name" open={prompt} onClose={cancelName} title="What should we call you?">
        <form className="form" method="post" onSubmit={saveName}>
          <p>Your name appears next to your comments. It stays on this device only.</p>
          <div className="field">
            <label htmlFor={`${id}-name`}>Your name</label>
            <input
              id={`${id}-name`}
              name="name"
              autoComplete="name"
              required
              value={nameDraft}
              onChange={(event) => setNameDraft(event.target.value)}
            />
          </div>
          <div className="button-row">
            <button type="submit" className="button" disabled={!nameDraft.trim()}>
              Save Name
            </button>
            <button type="button" className="button button--ghost" onClick={cancelName}>
              Cancel
            </button>
          </div>
        </form>
      </Modal>
    </div>
  );
}
