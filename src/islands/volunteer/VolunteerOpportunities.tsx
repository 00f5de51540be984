import { useState } from 'react';
import type { ResponsiveImage } from '../../lib/images.ts';
import Picture from '../Picture.tsx';
import Modal from '../shared/Modal.tsx';
import ApplicationForm from './ApplicationForm.tsx';
import './volunteer.css';

/** A volunteer opportunity as the Volunteer page hands it over (spec §3). */
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
};

/** Which dialog is showing: one at a time (spec §4), so a single value holds it. */
type Dialog = { kind: 'details'; id: string } | { kind: 'apply'; id: string } | null;

/**
 * The six opportunity cards with View Details and Apply Now, the details dialog and the application dialog.
 * 'Apply for This Role' swaps the details for the application with that opportunity preselected.
 */
export default function VolunteerOpportunities({ opportunities, skills }: Props) {
  const [dialog, setDialog] = useState<Dialog>(null);
  // Remounting the form on each opening starts it afresh with the chosen role preselected.
  const [applications, setApplications] = useState(0);
  const details = dialog?.kind === 'details' ? opportunities.find((o) => o.id === dialog.id) : undefined;
  const close = () => setDialog(null);
  const apply = (id: string) => {
    setApplications((count) => count + 1);
    setDialog({ kind: 'apply', id });
  };
  const roles = opportunities.map(({ id, title }) => ({ id, title }));

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
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => setDialog({ kind: 'details', id: opportunity.id })}
                >
                  View Details<span className="visually-hidden"> for {opportunity.title}</span>
                </button>
                <button type="button" className="button" onClick={() => apply(opportunity.id)}>
                  Apply Now<span className="visually-hidden"> for {opportunity.title}</span>
                </button>
              </div>
            </div>
          </li>
        ))}
      </ul>

      {/* The details dialog comes first so it has closed before the application dialog opens. */}
      <Modal
        open={details !== undefined}
        onClose={close}
        title={details?.title ?? 'Opportunity details'}
        className="modal--wide"
      >
        {details && (
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
              <button type="button" className="button" onClick={() => apply(details.id)}>
                Apply for This Role
              </button>
            </div>
          </div>
        )}
      </Modal>

      <Modal open={dialog?.kind === 'apply'} onClose={close} title="Volunteer Application" className="modal--wide">
        {dialog?.kind === 'apply' && (
          <ApplicationForm
            key={applications}
            roles={roles}
            skills={skills}
            preselected={dialog.id}
            onSubmitted={close}
            onCancel={close}
          />
        )}
      </Modal>
    </>
  );
}
