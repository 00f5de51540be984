import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FIGURE_NAMES, SiteSettingsSchema, type FigureName, type SiteSettings } from '../schemas/site-settings.ts';
import { adminJson, ApiError } from './api.ts';
import FormField from './FormField.tsx';
import SiteSlides from './SiteSlides.tsx';
import { notify } from './stores/toast.ts';
import { keyOf, problemsFromServer, problemsOf, setAt, valueAt, WEEKDAYS, type Path } from './site-settings-form.ts';
import './site-settings.css';

type Props = { readonly label: string };

/** The record as `GET /api/admin/site` answers it. */
type Record = {
  readonly settings: SiteSettings;
  readonly file_copy: boolean;
  readonly site_state: string;
  readonly site_error: string | null;
};

/** Whether the public pages show the last save, in words. */
function stateText(record: Record): string {
  if (record.file_copy) return 'As shipped with the site: not changed here yet.';
  if (record.site_state === 'live') return 'Live: the public pages show these settings.';
  if (record.site_state === 'failed')
    return `The site could not be rebuilt: ${record.site_error ?? 'the build failed'}`;
  return 'Publishing…: the public pages show these settings after the next rebuild.';
}

/** The Site settings tab: contact details, office hours, social links, Paybill, figures and hero slides. */
export default function SiteSettingsPanel({ label }: Props) {
  const [record, setRecord] = useState<Record | null>(null);
  const [settings, setSettings] = useState<SiteSettings | null>(null);
  const [problems, setProblems] = useState<Readonly<{ [key: string]: string }>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);

  async function load(): Promise<void> {
    try {
      const answer = (await adminJson('/api/admin/site')) as { site: Record };
      setRecord(answer.site);
      setSettings(answer.site.settings);
      setFailure(null);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'The site settings could not be loaded.');
    }
  }

  useEffect(() => void load(), []);
  // While a save is on its way to the site, look again now and then so Publishing… turns into Live.
  useEffect(() => {
    if (record?.site_state !== 'publishing') return;
    const timer = setInterval(() => void load(), 5000);
    return () => clearInterval(timer);
  }, [record?.site_state]);

  if (failure) {
    return (
      <>
        <h2 className="panel-title">{label}</h2>
        <p role="alert">{failure}</p>
        <button type="button" className="button" onClick={() => void load()}>
          Try again
        </button>
      </>
    );
  }
  if (!settings || !record) return <p className="muted">Loading the site settings...</p>;

  const change = (path: Path, value: unknown) => setSettings((current) => current && setAt(current, path, value));
  const field = (path: Path, fieldLabel: string, hint?: string, kind: 'text' | 'url' = 'text') => (
    <FormField
      id={`site-${keyOf(path).replaceAll('.', '-')}`}
      name={keyOf(path)}
      label={fieldLabel}
      kind={kind}
      value={valueAt(settings, path)}
      onChange={(value) => change(path, value)}
      {...(hint ? { hint } : {})}
      {...(problems[keyOf(path)] ? { error: problems[keyOf(path)]! } : {})}
    />
  );

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (!settings) return;
    const checked = SiteSettingsSchema.safeParse(settings);
    if (!checked.success) {
      setProblems(problemsOf(checked.error));
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setSaving(true);
    try {
      const answer = (await adminJson('/api/admin/site', 'PUT', checked.data)) as {
        site: Record;
        changed: string[];
      };
      setRecord(answer.site);
      setSettings(answer.site.settings);
      setProblems({});
      notify(answer.changed.length > 0 ? 'Site settings saved: the site is being rebuilt' : 'Nothing had changed');
    } catch (error) {
      if (error instanceof ApiError && error.issues.length > 0) {
        setProblems(problemsFromServer(error.issues));
        requestAnimationFrame(() => summaryRef.current?.focus());
      } else if (!(error instanceof ApiError && error.status === 401)) {
        notify(error instanceof Error ? error.message : 'The site settings were not saved', 'error');
      }
    } finally {
      setSaving(false);
    }
  }

  const problemCount = Object.keys(problems).length;
  const hours = settings.officeHours;

  return (
    <form className="site-settings" onSubmit={(event) => void submit(event)} noValidate>
      <div className="panel-head">
        <h2 className="panel-title">{label}</h2>
        <button type="submit" className="button primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save site settings'}
        </button>
      </div>
      <p className="site-settings__state" role="status">
        {stateText(record)}
      </p>
      {problemCount > 0 && (
        <div className="site-settings__problems" role="alert" tabIndex={-1} ref={summaryRef}>
          Not saved: {problemCount === 1 ? 'one field needs' : `${problemCount} fields need`} a change (marked below).
        </div>
      )}

      <fieldset className="site-settings__group">
        <legend>Contact details</legend>
        {field(['contact', 'phone'], 'Office phone', 'Shown on every page, e.g. +254 712 345 678.')}
        {field(['contact', 'whatsapp'], 'WhatsApp number', 'The number the WhatsApp buttons open.')}
        {field(['contact', 'email'], 'Email')}
        {field(['contact', 'address'], 'Address', 'As visitors read it, e.g. Westlands, Nairobi, Kenya.')}
        {field(['contact', 'city'], 'City')}
      </fieldset>

      <fieldset className="site-settings__group">
        <legend>Office hours (Nairobi time)</legend>
        {hours.map((_, index) => (
          <div className="site-settings__row" key={index}>
            {field(['officeHours', index, 'label'], `Days shown (line ${index + 1})`, 'e.g. Monday – Friday')}
            {field(
              ['officeHours', index, 'hours'],
              `Hours shown (line ${index + 1})`,
              'e.g. 8:00 AM – 6:00 PM, or Closed',
            )}
            {field(
              ['officeHours', index, 'open'],
              `Opens at (line ${index + 1})`,
              '24-hour time, e.g. 08:00; empty when closed',
            )}
            {field(['officeHours', index, 'close'], `Closes at (line ${index + 1})`, 'e.g. 18:00')}
            <FormField
              id={`site-officeHours-${index}-days`}
              name={`officeHours.${index}.days`}
              label={`Days (line ${index + 1})`}
              kind="checks"
              options={WEEKDAYS.map((day, number) => [String(number), day] as const)}
              value={hours[index]!.days.join(',')}
              onChange={(value) => change(['officeHours', index, 'days'], value.split(',').filter(Boolean).map(Number))}
              {...(problems[`officeHours.${index}.days`] ? { error: problems[`officeHours.${index}.days`]! } : {})}
            />
            <button
              type="button"
              className="button small danger"
              onClick={() =>
                change(
                  ['officeHours'],
                  hours.filter((__, other) => other !== index),
                )
              }
              disabled={hours.length === 1}
            >
              Remove line {index + 1} of office hours
            </button>
          </div>
        ))}
        <button
          type="button"
          className="button small"
          onClick={() => change(['officeHours'], [...hours, { label: '', hours: '', days: [], open: '', close: '' }])}
          disabled={hours.length >= 7}
        >
          Add a line of office hours
        </button>
      </fieldset>

      <fieldset className="site-settings__group">
        <legend>Social links</legend>
        {field(['social', 'facebook'], 'Facebook page', 'A full address starting with https://', 'url')}
        {field(['social', 'x'], 'X (Twitter) profile', undefined, 'url')}
        {field(['social', 'instagram'], 'Instagram profile', undefined, 'url')}
        {field(['social', 'linkedin'], 'LinkedIn page', undefined, 'url')}
      </fieldset>

      <fieldset className="site-settings__group">
        <legend>M-Pesa</legend>
        {field(
          ['mpesa', 'paybill'],
          'Paybill number',
          'The business number donors type; shown once M-Pesa is connected.',
        )}
        {field(
          ['mpesa', 'accountHint'],
          'Account hint',
          'One sentence under the number on the donate page (optional).',
        )}
      </fieldset>

      <fieldset className="site-settings__group">
        <legend>Home page figures</legend>
        {settings.statsBand.map((_, index) => (
          <div className="site-settings__pair" key={index}>
            {field(['statsBand', index, 'value'], `Figure ${index + 1}: number`, 'As shown, e.g. 15+')}
            {field(['statsBand', index, 'label'], `Figure ${index + 1}: what it counts`)}
          </div>
        ))}
      </fieldset>

      <details className="site-settings__group site-settings__more">
        <summary>Figures on the other pages</summary>
        {(Object.keys(FIGURE_NAMES) as FigureName[]).map((name) => (
          <div className="site-settings__pair" key={name}>
            {field(['figures', name, 'value'], `${FIGURE_NAMES[name]}: number`)}
            {field(['figures', name, 'label'], `${FIGURE_NAMES[name]}: words`)}
          </div>
        ))}
      </details>

      <SiteSlides slides={settings.slides} problems={problems} onChange={(slides) => change(['slides'], slides)} />

      <p>
        <button type="submit" className="button primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save site settings'}
        </button>
      </p>
    </form>
  );
}
