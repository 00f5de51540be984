import type { SiteSettings } from '../schemas/site-settings.ts';
import FormField from './FormField.tsx';
import MediaPicker from './MediaPicker.tsx';
import { blankSlide, moved } from './site-settings-form.ts';

type Slide = SiteSettings['slides'][number];

type Props = {
  readonly slides: readonly Slide[];
  /** Problems by path, e.g. `slides.2.title`. */
  readonly problems: Readonly<{ [key: string]: string }>;
  readonly onChange: (slides: Slide[]) => void;
};

/** The words of a slide's picture: from Media (its address) or the illustration it shipped with. */
function pictureText(image: string): string {
  if (image === '') return 'No picture chosen yet.';
  return image.startsWith('/media/') ? `From Media: ${image.split('/').pop() ?? image}` : 'As shipped with the site.';
}

const TEXT_FIELDS: readonly (readonly [keyof Slide, string, string?])[] = [
  ['title', 'Heading'],
  ['subtitle', 'Sentence under the heading'],
  ['quote', 'Quote', 'Without quotation marks.'],
  ['quoteAuthor', 'Who said it'],
  ['imageAlt', 'What the picture shows', 'For visitors who cannot see it.'],
];

/** The hero slides of Home: each one's words and picture, reordered, added and removed. */
export default function SiteSlides({ slides, problems, onChange }: Props) {
  const update = (index: number, key: keyof Slide, value: string) =>
    onChange(slides.map((slide, other) => (other === index ? { ...slide, [key]: value } : slide)));
  return (
    <fieldset className="site-settings__group">
      <legend>Hero slides of the Home page</legend>
      {problems['slides'] && <p className="field-error">{problems['slides']}</p>}
      <ol className="site-slides">
        {slides.map((slide, index) => {
          const name = `Slide ${index + 1}`;
          const pictureProblem = problems[`slides.${index}.image`];
          return (
            <li key={`${slide.id}-${index}`} className="site-slides__slide">
              <h3 className="site-slides__title">
                {name}
                {slide.title ? `: ${slide.title}` : ''}
              </h3>
              {TEXT_FIELDS.map(([key, label, hint]) => (
                <FormField
                  key={key}
                  id={`site-slides-${index}-${key}`}
                  name={`slides.${index}.${key}`}
                  label={`${label} (${name.toLowerCase()})`}
                  kind={key === 'subtitle' || key === 'quote' ? 'textarea' : 'text'}
                  rows={2}
                  value={slide[key]}
                  onChange={(value) => update(index, key, value)}
                  {...(hint ? { hint } : {})}
                  {...(problems[`slides.${index}.${key}`] ? { error: problems[`slides.${index}.${key}`]! } : {})}
                />
              ))}
              <div className={`field${pictureProblem ? ' has-error' : ''}`}>
                <p className="site-slides__picture">
                  Picture: {pictureText(slide.image)}
                  {slide.image.startsWith('/media/') && (
                    <img src={slide.image} alt="" width={120} height={68} loading="lazy" />
                  )}
                </p>
                {pictureProblem && <p className="field-error">{pictureProblem}</p>}
                <MediaPicker
                  forLabel={`Picture of ${name.toLowerCase()}`}
                  value={slide.image}
                  onPick={(url) => update(index, 'image', url)}
                />
              </div>
              <div className="row-actions">
                <button
                  type="button"
                  className="button small"
                  disabled={index === 0}
                  onClick={() => onChange(moved(slides, index, index - 1))}
                >
                  Move up<span className="visually-hidden"> {name.toLowerCase()}</span>
                </button>
                <button
                  type="button"
                  className="button small"
                  disabled={index === slides.length - 1}
                  onClick={() => onChange(moved(slides, index, index + 1))}
                >
                  Move down<span className="visually-hidden"> {name.toLowerCase()}</span>
                </button>
                <button
                  type="button"
                  className="button small danger"
                  disabled={slides.length === 1}
                  onClick={() => onChange(slides.filter((_, other) => other !== index))}
                >
                  Remove<span className="visually-hidden"> {name.toLowerCase()}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="button small"
        disabled={slides.length >= 8}
        onClick={() => onChange([...slides, blankSlide(slides.map((slide) => slide.id))])}
      >
        Add a slide
      </button>
    </fieldset>
  );
}
