import { useEffect, useId, useMemo, useRef, useState, type ComponentProps, type SubmitEvent } from 'react';
import { ApiError, saveRecord } from './api.ts';
import { groupIssues, type Issue } from './lib/issues.ts';
import type { Row } from './lib/list.ts';
import { parseMeta } from './lib/meta.ts';
import { slugify } from './lib/slug.ts';
import type { ContentConfig, FieldDef } from './content.tsx';
import FormField from './FormField.tsx';
import MarkdownPreview from './MarkdownPreview.tsx';
import MediaPicker from './MediaPicker.tsx';
import UploadField from './UploadField.tsx';

/** The control a field of this kind is typed in. */
function controlOf(kind: FieldDef['kind']): ComponentProps<typeof FormField>['kind'] {
  if (kind === 'markdown') return 'textarea';
  if (kind === 'media') return 'url';
  if (kind === 'tags') return 'text';
  return kind;
}

type Props = {
  readonly config: ContentConfig;
  /** The record being edited (already loaded), or null to create one. */
  readonly row: Row | null;
  readonly onSaved: () => void;
  readonly onCancel: () => void;
};

/** The hint of a picture field still holding the picture its item shipped with (a path in the site's own files). */
function shippedPicture(field: FieldDef, values: Readonly<Record<string, string>>): string | undefined {
  if (field.kind !== 'media' || !(values[field.name] ?? '').startsWith('../')) return undefined;
  return 'As shipped with the site: the picture stays until you choose another from Media.';
}

/** The create or edit form of a program, blog post or media item; problems appear by their field and what was typed stays. */
export default function ContentForm({ config, row, onSaved, onCancel }: Props) {
  const formId = useId();
  const [values, setValues] = useState<Record<string, string>>(() => config.toValues(row));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(0);
  // A slug follows the title while creating, until the staff member edits the slug themselves.
  const [slugFollows, setSlugFollows] = useState(row === null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fieldRefs = useRef(new Map<string, HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>());
  const editing = row !== null;
  const fields = useMemo(() => config.fields.filter((field) => !(editing && field.createOnly)), [config, editing]);
  const fieldNames = useMemo(() => fields.map((field) => field.name), [fields]);
  const noun = config.noun;

  useEffect(() => headingRef.current?.focus(), []);

  function setValue(name: string, value: string): void {
    setValues((current) => {
      const next = { ...current, [name]: value };
      if (name === 'title' && slugFollows && 'slug' in current) next['slug'] = slugify(value);
      return next;
    });
    if (name === 'slug') setSlugFollows(false);
    setErrors((current) => {
      if (!(name in current) && !(name === 'title' && 'slug' in current)) return current;
      const rest = { ...current };
      delete rest[name];
      if (name === 'title') delete rest['slug'];
      return rest;
    });
  }

  function showIssues(issues: readonly Issue[], fallback: string | null): void {
    const grouped = groupIssues(issues, fieldNames);
    setErrors({ ...grouped.byField });
    const other = grouped.other.join(' ');
    setFormError(other || (Object.keys(grouped.byField).length === 0 ? fallback : null));
    const first = fieldNames.find((name) => name in grouped.byField);
    if (first) fieldRefs.current.get(first)?.focus();
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (saving || uploading > 0) return;
    setFormError(null);
    const checked = config.check(values);
    if (!checked.ok) {
      showIssues(checked.issues, 'Please check the form.');
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await saveRecord(config.resource, row?.id ?? null, checked.body);
      onSaved();
    } catch (error) {
      setSaving(false);
      if (error instanceof ApiError && error.status === 401) return;
      if (error instanceof ApiError && (error.status === 400 || error.status === 409)) {
        showIssues(error.issues, error.message);
      } else {
        setFormError(`Could not save the ${noun}: ${error instanceof Error ? error.message : 'unknown error'}`);
      }
    }
  }

  const metaInvalid = 'meta' in values && !parseMeta(values['meta'] ?? '').valid;
  const title = editing ? `Edit ${noun}` : `New ${noun}`;

  return (
    <form
      className="card content-form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-labelledby={`${formId}-heading`}
    >
      <h3 id={`${formId}-heading`} ref={headingRef} tabIndex={-1}>
        {title}
        {editing && <span className="muted"> — {config.describe(row)}</span>}
      </h3>
      {fields.map((field) => {
        const id = `${formId}-${field.name}`;
        const upload = field.upload && (
          <UploadField
            forLabel={field.label}
            accept={field.upload}
            onBusy={(busy) => setUploading((count) => count + (busy ? 1 : -1))}
            onUploaded={(url, file) => {
              setValue(field.name, url);
              if ('name' in values && !(values['name'] ?? '').trim()) setValue('name', file.name);
            }}
          />
        );
        const extra =
          field.kind === 'markdown' ? (
            <MarkdownPreview markdown={values[field.name] ?? ''} label={field.label.toLowerCase()} />
          ) : field.kind === 'media' ? (
            <>
              <MediaPicker
                forLabel={field.label}
                value={values[field.name] ?? ''}
                onPick={(url) => setValue(field.name, url)}
              />
              {upload}
            </>
          ) : (
            upload
          );
        return (
          <FormField
            key={field.name}
            id={id}
            name={field.name}
            label={field.label}
            kind={controlOf(field.kind)}
            value={values[field.name] ?? ''}
            onChange={(value) => setValue(field.name, value)}
            fieldRef={(element) => {
              if (element) fieldRefs.current.set(field.name, element);
              else fieldRefs.current.delete(field.name);
            }}
            {...(field.required ? { required: true } : {})}
            {...(field.rows ? { rows: field.rows } : {})}
            {...(field.hint ? { hint: shippedPicture(field, values) ?? field.hint } : {})}
            {...(errors[field.name] ? { error: errors[field.name] } : {})}
            {...(field.kind === 'meta' && metaInvalid
              ? {
                  warning:
                    'This is not a valid JSON object: if you save now, meta will be saved as an empty object {}.',
                }
              : {})}
            {...(field.options ? { options: field.options } : {})}
            {...(extra ? { extra } : {})}
          />
        );
      })}
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={saving || uploading > 0}>
          {saving ? 'Saving...' : editing ? `Update ${noun}` : `Create ${noun}`}
        </button>
        <button type="button" className="button" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
