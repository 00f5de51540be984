import type { ResponsiveImage } from '../../lib/images.ts';
import Picture from '../Picture.tsx';
import Modal, { closeDialog, opensDialog } from '../shared/Modal.tsx';
import ChoiceOpener from '../shared/ChoiceOpener.tsx';
import ApplicationForm from './ApplicationForm.tsx';
import { wordsT } from '../../i18n/words.ts';
import type { IslandLanguage } from '../shared/form/language.ts';
import './volunteer.css';

/** A volunteer opportunity as the Volunteer page hands it over. */
export type OpportunityCardData = {
  id: string;
  title: string;
  category: string;
  description: string;
  duration: string;
  location: string;
  requirements: string[];
  responsibilities: string[];
  skills: string[];
  impact: string;
  image: ResponsiveImage;
  imageAlt: string;
  urgent: boolean;
};

type Props = {
  opportunities: OpportunityCardData[];
  /** Every skill the opportunities ask for, without repeats, for the application's multi-select. */
  skills: string[];
  /** The success alert shown once the server has accepted the form (from src/lib/form-pages.ts, passed in so no script ships it). */
  success: string;
  /** The page's language and the words of the cards (`opportunities.`) and the form (`volunteerForm.`). */
  language: IslandLanguage;
};

/** The application dialog; each opportunity's details dialog is `opportunity-<id>-details`. */
const APPLY_DIALOG = 'volunteer-apply';
const detailsDialog = (id: string) => `opportunity-${id}-details`;

/**
 * The six opportunity cards with View Details and Apply Now, a details dialog per opportunity and the application
 * dialog, all in the page from the start: View Details opens its dialog natively (`commandfor`), so the first tap
 * works before hydration. Apply Now and 'Apply for This Role' also choose their opportunity, and the details close
 * before the application opens, so two dialogs never show together (src/components/shared/dialog-presets.ts, which
 * works before hydration too); without JavaScript they load the page with the application open on that role
 * (ChoiceOpener).
 */
export default function VolunteerOpportunities({ opportunities, skills, success, language }: Props) {
  const t = wordsT(language.words);
  const roles = opportunities.map(({ id, title }) => ({ id, title }));
  // Without JavaScript the role goes to the page that answers with the application open on it.
  const appliesFor = (id: string) =>
    ({
      dialog: APPLY_DIALOG,
      name: 'opportunity',
      value: id,
      action: '/api/choose/volunteer',
      language: language.locale,
    }) as const;

  return (
    <>
      <ul className="grid opportunity-grid">
        {opportunities.map((opportunity) => (
          <li key={opportunity.id} className="card opportunity-card" id={`opportunity-${opportunity.id}`}>
            <Picture
              image={opportunity.image}
              alt={opportunity.imageAlt}
              sizes="(min-width: 72rem) 22rem, (min-width: 48rem) 45vw, 92vw"
              className="card__media"
            />
            <div className="card__body">
              <p className="opportunity-card__badges">
                <span className="badge">{opportunity.category}</span>
                {opportunity.urgent && <span className="badge badge--urgent">{t('opportunities.urgent')}</span>}
              </p>
              <h3 className="opportunity-card__title">{opportunity.title}</h3>
              <p>{opportunity.description}</p>
              <p className="opportunity-card__meta">
                {opportunity.duration} · {opportunity.location}
              </p>
              <div className="button-row">
                <button type="button" className="button button--ghost" {...opensDialog(detailsDialog(opportunity.id))}>
                  {t('opportunities.viewDetails')}
                  <span className="visually-hidden">{t('opportunities.for', { title: opportunity.title })}</span>
                </button>
                <ChoiceOpener {...appliesFor(opportunity.id)} className="button">
                  {t('opportunities.applyNow')}
                  <span className="visually-hidden">{t('opportunities.for', { title: opportunity.title })}</span>
                </ChoiceOpener>
              </div>
            </div>
          </li>
        ))}
      </ul>

      {opportunities.map((details) => (
        <Modal
          key={details.id}
          id={detailsDialog(details.id)}
          title={details.title}
          className="modal--wide"
          closeLabel={t('opportunities.close')}
        >
          <div className="opportunity-details">
            <p className="opportunity-card__badges">
              <span className="badge">{details.category}</span>
              {details.urgent && <span className="badge badge--urgent">{t('opportunities.urgent')}</span>}
            </p>
            <p>{details.description}</p>
            <dl className="opportunity-details__facts">
              <div>
                <dt>{t('opportunities.duration')}</dt>
                <dd>{details.duration}</dd>
              </div>
              <div>
                <dt>{t('opportunities.location')}</dt>
                <dd>{details.location}</dd>
              </div>
            </dl>
            <div className="opportunity-details__lists">
              <div>
                <h3>{t('opportunities.whatYouDo')}</h3>
                <ul className="list-check">
                  {details.responsibilities.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
              <div>
                <h3>{t('opportunities.requirements')}</h3>
                <ul className="list-check">
                  {details.requirements.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
            </div>
            <h3>{t('opportunities.skills')}</h3>
            <p>{details.skills.join(', ')}</p>
            <h3>{t('opportunities.impact')}</h3>
            <p>{details.impact}</p>
            <div className="button-row">
              <ChoiceOpener {...appliesFor(details.id)} className="button">
                {t('opportunities.applyForRole')}
              </ChoiceOpener>
            </div>
          </div>
        </Modal>
      ))}

      <Modal
        id={APPLY_DIALOG}
        title={t('opportunities.applicationTitle')}
        className="modal--wide"
        closeLabel={t('opportunities.close')}
      >
        <ApplicationForm
          roles={roles}
          skills={skills}
          dialogId={APPLY_DIALOG}
          success={success}
          language={language}
          onSubmitted={() => closeDialog(APPLY_DIALOG)}
        />
      </Modal>
    </>
  );
}
