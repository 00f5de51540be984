import { useStore } from '@nanostores/react';
import {
  ageText,
  APPLICATION_INFO,
  isApplicationKind,
  isOverdue,
  STATE_LABELS,
  TRANSITIONS,
  type ApplicationState,
} from '../lib/applications.ts';
import { changeApplication, fetchApplication } from './api.ts';
import { CaseHistory, CaseProblem, CaseReplyForm, CaseSummary, HolderButton, useCase } from './CaseParts.tsx';
import { detailEntries } from './lib/details.ts';
import { tokenSubject } from './lib/token.ts';
import { $token } from './stores/session.ts';
import DetailsList from './DetailsList.tsx';
import WorkDialog from './WorkDialog.tsx';

type Props = {
  readonly id: string;
  readonly onClose: () => void;
};

/** How each move reads on its button. */
const MOVE_LABELS: Readonly<Record<ApplicationState, string>> = {
  new: 'Mark new',
  in_review: 'Start review',
  accepted: 'Accept',
  declined: 'Decline',
  withdrawn: 'Mark withdrawn',
};

/** One application: its full form, promise, state and holder, the moves the queue allows, notes and the reply. */
export default function ApplicationDialog({ id, onClose }: Props) {
  const me = tokenSubject(useStore($token)).toLowerCase();
  const state = useCase(id, 'application', fetchApplication, changeApplication);
  const { record: application, pending, act } = state;
  const kind = application && isApplicationKind(application.kind) ? application.kind : null;
  const current = application?.state;

  const info = kind ? APPLICATION_INFO[kind] : null;
  const due = application ? new Date(application.dueAt) : null;
  const overdue = application && current && due ? isOverdue(current, due, new Date()) : false;

  return (
    <WorkDialog
      className="application-dialog"
      title={
        application
          ? `${info?.label ?? 'Other'} application from ${application.name || 'an unnamed applicant'}`
          : 'Application'
      }
      onClose={onClose}
    >
      <CaseProblem problem={state.problem} />
      {application && current && (
        <>
          <CaseSummary
            stateTerm="State"
            stateLabel={STATE_LABELS[current]}
            overdue={overdue}
            ts={application.ts}
            age={
              kind && info
                ? {
                    text: ageText(kind, new Date(application.ts), new Date()),
                    within: info.within,
                    dueAt: application.dueAt,
                  }
                : null
            }
            holder={application.holder}
            email={application.email}
          />
          <div className="button-row">
            {TRANSITIONS[current].map((to) => (
              <button
                key={to}
                type="button"
                className="button small"
                disabled={pending}
                onClick={() => void act('state', { state: to }, `Application ${STATE_LABELS[to].toLowerCase()}`)}
              >
                {MOVE_LABELS[to]}
              </button>
            ))}
            <HolderButton holder={application.holder} me={me} noun="application" state={state} />
          </div>
          <h3>The form</h3>
          <DetailsList details={detailEntries(application.details, ['form'])} />
          {application.draft &&
            (application.email ? (
              <CaseReplyForm
                heading="Reply to the applicant"
                draft={application.draft}
                recipient={application.email}
                state={state}
              />
            ) : (
              <>
                <h3>Reply to the applicant</h3>
                <p>This applicant left no email address.</p>
              </>
            ))}
          <CaseHistory history={application.history} state={state} />
        </>
      )}
    </WorkDialog>
  );
}
