import type { ResponsiveImage } from '../../lib/images.ts';
import Picture from '../Picture.tsx';
import Modal, { closeDialog, opensDialog } from '../shared/Modal.tsx';
import ChoiceOpener from '../shared/ChoiceOpener.tsx';
import ApplicationForm from './ApplicationForm.tsx';
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
export default function VolunteerOpportunities({ opportunities, skills, success }: Props) {
  const roles = opportunities.map(({ id, title }) => ({ id, title }));
  // Without JavaScript the role goes to the page that answers with the application open on it.
  const appliesFor = (id: string) =>
    ({ dialog: APPLY_DIALOG, name: 'opportunity', value: id, action: '/api/choose/volunteer' }) as const;

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
                {opportunity.urgent && <span className="badge badge--urgent">Urgent</span>}
              </p>
              <h3 className="opportunity-card__title">{opportunity.title}</h3>
              <p>{opportunity.description}</p>
              <p className="opportunity-card__meta">
                {opportunity.duration} · {opportunity.location}
              </p>
              <div className="button-row">
                <button type="button" className="button button--ghost" {...opensDialog(detailsDialog(opportunity.id))}>
                  View Details<span className="visually-hidden"> for {opportunity.title}</span>
                </button>
                <ChoiceOpener {...appliesFor(opportunity.id)} className="button">
                  Apply Now<span className="visually-hidden"> for {opportunity.title}</span>
                </ChoiceOpener>
              </div>
            </div>
          </li>
        ))}
      </ul>

      {opportunities.map((details) => (
        <Modal key={details.id} id={detailsDialog(details.id)} title={details.title} className="modal--wide">
          <div className="opportunity-details">
            <p className="opportunity-card__badges">
              <span className="badge">{details.category}</span>
              {details.urgent && <span className="badge badge--urgent">Urgent</span>}
            </p>
            <p>{details.description}</p>
            <dl className="opportunity-details__facts">
              <div>
                <dt>Duration</dt>
                <dd>{details.duration}</dd>
              </div>
              <div>
                <dt>Location</dt>
                <dd>{details.location}</dd>
              </div>
            </dl>
            <div className="opportunity-details__lists">
              <div>
                <h3>What you will do</h3>
                <ul className="list-check">
                  {details.responsibilities.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
              <div>
                <h3>Requirements</h3>
                <ul className="list-check">
                  {details.requirements.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
            </div>
            <h3>Useful skills</h3>
            <p>{details.skills.join(', ')}</p>
            <h3>Your impact</h3>
            <p>{details.impact}</p>
            <div className="button-row">
              <ChoiceOpener {...appliesFor(details.id)} className="button">
                Apply for This Role
              </ChoiceOpener>
            </div>
          </div>
        </Modal>
      ))}

      <Modal id={APPLY_DIALOG} title="Volunteer Application" className="modal--wide">
        <ApplicationForm
          roles={roles}
          skills={skills}
          dialogId={APPLY_DIALOG}
          success={success}
          onSubmitted={() => closeDialog(APPLY_DIALOG)}
        />
      </Modal>
    </>
  );
}
