import { useCallback, useEffect, useId, useState, type SubmitEvent } from 'react';
import {
  ChildUpdatesAnswer,
  ChildUpdateRow,
  type ChildUpdateInput,
  MAX_UPDATE_PHOTOS,
} from '../schemas/child-updates.ts';
import { adminJson, ApiError } from './api.ts';
import { formatNairobi, nairobiDateStamp } from './lib/dates.ts';
import { notify } from './stores/toast.ts';
import FormField from './FormField.tsx';
import MediaPicker from './MediaPicker.tsx';

type Props = { readonly id: string };

type Draft = {
  id: string | null;
  kind: 'news' | 'reply';
  update_on: string;
  body: string;
  photos: string[];
  school: string;
  grade: string;
  attendance: string;
  achievements: string;
};

const emptyDraft = (): Draft => ({
  id: null,
  kind: 'news',
  update_on: nairobiDateStamp(),
  body: '',
  photos: [],
  school: '',
  grade: '',
  attendance: '',
  achievements: '',
});

function payload(draft: Draft): ChildUpdateInput {
  const progress = {
    school: draft.school.trim(),
    grade: draft.grade.trim(),
    attendance: draft.attendance.trim(),
    achievements: draft.achievements
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  };
  const hasProgress = Boolean(progress.school || progress.grade || progress.attendance || progress.achievements.length);
  return {
    kind: draft.kind,
    update_on: draft.update_on,
    body: draft.body,
    photos: draft.photos,
    progress: hasProgress ? progress : null,
  };
}

/** A refused call's reasons, one per line. */
function problems(failure: unknown): string[] {
  if (failure instanceof ApiError)
    return failure.issues.length > 0 ? failure.issues.map((i) => i.message) : [failure.message];
  return [failure instanceof Error ? failure.message : 'Something went wrong'];
}

/** The update as the sponsor will read it on My giving. */
function Preview({ draft, name }: { readonly draft: Draft; readonly name: string }) {
  return (
    <div className="child-news__preview" aria-label="Preview: as the sponsor reads it">
      <h6>News from {name}</h6>
      {draft.body.split(/\n\s*\n/).map((part, index) => (
        <p key={index}>{part}</p>
      ))}
      {draft.photos.map((photo) => (
        <img key={photo} src={photo} alt={`${name}, in a picture from this news`} width={160} />
      ))}
    </div>
  );
}

/**
 * A child's news for their sponsor: the updates written so far with their state, and the form that writes one. What
 * the guardian's consent lets an update hold today is said above the form, and the server refuses the rest.
 */
export default function ChildNews({ id }: Props) {
  const formId = useId();
  const base = `/api/admin/child-news/${encodeURIComponent(id)}`;
  const [answer, setAnswer] = useState<ChildUpdatesAnswer | null>(null);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [previewing, setPreviewing] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setAnswer(ChildUpdatesAnswer.parse(await adminJson(base)));
    } catch (failure) {
      setErrors(problems(failure));
    }
  }, [base]);
  useEffect(() => void load(), [load]);

  const set = (field: keyof Draft) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setErrors([]);
    try {
      const path = draft.id ? `${base}/${encodeURIComponent(draft.id)}` : base;
      ChildUpdateRow.parse(await adminJson(path, draft.id ? 'PUT' : 'POST', payload(draft)));
      notify('Draft saved: publish it when it is ready');
      setDraft(emptyDraft());
      setPreviewing(false);
      await load();
    } catch (failure) {
      setErrors(problems(failure));
    } finally {
      setBusy(false);
    }
  }

  async function publish(update: ChildUpdateRow) {
    setErrors([]);
    try {
      const published = ChildUpdateRow.parse(
        await adminJson(`${base}/${encodeURIComponent(update.id)}/publish`, 'POST', {}),
      );
      notify(
        published.emailed === 0
          ? 'Published: it is on the sponsor’s My giving page'
          : 'Published: emailed to the sponsor and shown on their My giving page',
      );
      await load();
    } catch (failure) {
      setErrors(problems(failure));
    }
  }

  if (!answer) return errors.length > 0 ? <p role="alert">Could not load the news: {errors.join(' ')}</p> : null;
  const { allows, shown_name: name } = answer;
  return (
    <div className="child-news">
      <h4>News for the sponsor</h4>
      <p className="child-news__consent">
        {allows.publish
          ? `Sponsors see ${name} by first name only. Today's consent ${allows.photos ? 'covers' : 'does not cover'} photos and ${allows.school ? 'covers' : 'does not cover'} the school.`
          : 'No consent is in force today: news cannot be published until a consent is recorded.'}
      </p>
      {answer.updates.length > 0 && (
        <ul className="child-news__list">
          {answer.updates.map((update) => (
            <li key={update.id}>
              <strong>
                {update.kind === 'reply' ? `${name}'s letter of ` : ''}
                {update.update_on}
              </strong>
              :{' '}
              {update.state === 'published'
                ? `published ${formatNairobi(update.published_at)} by ${update.published_by ?? ''}, ${update.emailed === 1 ? '1 sponsor emailed' : `${update.emailed} sponsors emailed`}`
                : 'draft'}
              {update.photos.length > 0 &&
                ` · ${update.photos.length === 1 ? '1 picture' : `${update.photos.length} pictures`}`}
              <p>{update.body}</p>
              {update.state === 'draft' && (
                <div className="button-row">
                  <button
                    type="button"
                    className="button"
                    onClick={() =>
                      setDraft({
                        id: update.id,
                        kind: update.kind,
                        update_on: update.update_on,
                        body: update.body,
                        photos: update.photos,
                        school: update.progress?.school ?? '',
                        grade: update.progress?.grade ?? '',
                        attendance: update.progress?.attendance ?? '',
                        achievements: update.progress?.achievements.join('\n') ?? '',
                      })
                    }
                  >
                    Edit draft of {update.update_on}
                  </button>
                  <button type="button" className="button" onClick={() => void publish(update)}>
                    Publish news of {update.update_on}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {errors.length > 0 && (
        <div className="form-error" role="alert">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      <form
        className="child-action"
        onSubmit={(event) => void save(event)}
        noValidate
        aria-labelledby={`${formId}-title`}
      >
        <h5 id={`${formId}-title`}>{draft.id ? `Edit the draft of ${draft.update_on}` : 'Write news'}</h5>
        <FormField
          id={`${formId}-kind`}
          name="kind"
          label="This is"
          kind="select"
          value={draft.kind}
          onChange={(value) => setDraft((current) => ({ ...current, kind: value === 'reply' ? 'reply' : 'news' }))}
          options={[
            ['news', 'News from us'],
            ['reply', `${name}'s letter back: the scan as a picture, its words as the text`],
          ]}
        />
        <FormField
          id={`${formId}-date`}
          name="update_on"
          label="Date"
          kind="date"
          value={draft.update_on}
          onChange={set('update_on')}
          required
        />
        <FormField
          id={`${formId}-body`}
          name="body"
          label="News"
          kind="textarea"
          rows={6}
          value={draft.body}
          onChange={set('body')}
          required
          hint={`Use ${name}'s first name only; no surname, address or phone number.`}
        />
        <fieldset className="child-news__photos">
          <legend>
            Pictures ({draft.photos.length} of {MAX_UPDATE_PHOTOS})
          </legend>
          {draft.photos.map((photo) => (
            <p key={photo}>
              {photo.split('/').at(-1)}{' '}
              <button
                type="button"
                className="button"
                onClick={() =>
                  setDraft((current) => ({ ...current, photos: current.photos.filter((p) => p !== photo) }))
                }
              >
                Remove {photo.split('/').at(-1)}
              </button>
            </p>
          ))}
          {draft.photos.length < MAX_UPDATE_PHOTOS && (
            <MediaPicker
              forLabel="Picture"
              value=""
              onPick={(url) => setDraft((current) => ({ ...current, photos: [...new Set([...current.photos, url])] }))}
            />
          )}
        </fieldset>
        <details className="child-news__progress">
          <summary>Yearly progress (optional)</summary>
          <FormField
            id={`${formId}-school`}
            name="school"
            label="School"
            kind="text"
            value={draft.school}
            onChange={set('school')}
            {...(allows.school ? {} : { hint: 'Leave empty: the consent does not cover the school.' })}
          />
          <FormField
            id={`${formId}-grade`}
            name="grade"
            label="Class"
            kind="text"
            value={draft.grade}
            onChange={set('grade')}
          />
          <FormField
            id={`${formId}-attendance`}
            name="attendance"
            label="Attendance"
            kind="text"
            value={draft.attendance}
            onChange={set('attendance')}
          />
          <FormField
            id={`${formId}-achievements`}
            name="achievements"
            label="Achievements (one per line)"
            kind="textarea"
            rows={3}
            value={draft.achievements}
            onChange={set('achievements')}
          />
        </details>
        {previewing && <Preview draft={draft} name={name} />}
        <div className="button-row">
          <button
            type="button"
            className="button"
            onClick={() => setPreviewing((shown) => !shown)}
            aria-pressed={previewing}
          >
            Preview
          </button>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Saving...' : 'Save draft'}
          </button>
        </div>
      </form>
    </div>
  );
}
