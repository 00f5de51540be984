import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { previewSrc, text } from './lib/format.ts';
import { $lists, ensureLoaded } from './stores/data.ts';

type Props = {
  /** What the picture is for, e.g. 'Cover image'; names the buttons. */
  readonly forLabel: string;
  /** The address currently chosen. */
  readonly value: string;
  readonly onPick: (url: string) => void;
};

/** The uploaded pictures of the Media tab, each a button that puts its address in the field. */
export default function MediaPicker({ forLabel, value, onPick }: Props) {
  const media = useStore($lists, { keys: ['media'] })['media'];
  useEffect(() => ensureLoaded('media'), []);
  const images = media.rows.filter((row) => text(row['url']).startsWith('/media/') && previewSrc(row['url']));
  return (
    <details className="media-picker">
      <summary>Choose {forLabel.toLowerCase()} from Media</summary>
      {media.status === 'loading' && <p className="muted">Loading media...</p>}
      {media.status === 'ready' && images.length === 0 && (
        <p className="muted">No pictures uploaded yet: upload one below or in the Media tab.</p>
      )}
      <ul className="media-picker__list">
        {images.map((row) => {
          const url = text(row['url']);
          return (
            <li key={row.id}>
              <button
                type="button"
                className="media-picker__item"
                aria-pressed={url === value}
                onClick={() => onPick(url)}
              >
                <img src={url} alt="" width={80} height={80} loading="lazy" />
                <span>
                  Use {text(row['name'])}
                  <span className="visually-hidden"> as {forLabel.toLowerCase()}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
