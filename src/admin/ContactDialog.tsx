import { useStore } from '@nanostores/react';
import { CONTACT_STATUS_LABELS, CONTACT_WITHIN, contactAge } from '../lib/contact-cases.ts';
import { changeContactCase, fetchContactCase } from './contact-api.ts';
import { CaseHistory, CaseProblem, CaseReplyForm, CaseSummary, CaseTerm, HolderButton, useCase } from './CaseParts.tsx';
import { humanizeKey } from './lib/details.ts';
import { tokenSubject } from './lib/token.ts';
import { $token } from './stores/session.ts';
import WorkDialog from './WorkDialog.tsx';

type Props = {
  readonly id: string;
  readonly onClose: () => void;
};

/** One contact message as a case: the message, its promise, status and holder, the reply, done, and notes. */
export default function ContactDialog({ id, onClose }: Props) {
  const me = tokenSubject(useStore($token)).toLowerCase();
  const state = useCase(id, 'contact message', fetchContactCase, changeContactCase);
  const { record: contact, pending, act } = state;
  const done = contact?.status === 'done';

  return (
    <WorkDialog
      className="application-dialog"
      title={contact ? `Message from ${contact.name || 'an unnamed visitor'}` : 'Contact message'}
      onClose={onClose}
    >
      <CaseProblem problem={state.problem} />
      {contact && (
        <>
          <CaseSummary
            stateTerm="Status"
            stateLabel={CONTACT_STATUS_LABELS[contact.status]}
            overdue={contact.overdue}
            ts={contact.ts}
            age={{ text: contactAge(contact.ts, new Date()), within: CONTACT_WITHIN, dueAt: contact.dueAt }}
            holder={contact.holder}
            email={contact.email}
          >
            <CaseTerm term="About">{humanizeKey(contact.type)}</CaseTerm>
          </CaseSummary>
          <div className="button-row">
            <HolderButton holder={contact.holder} me={me} noun="message" state={state} />
            <button
              type="button"
              className="button small"
              disabled={pending}
              onClick={() => void act('done', { done: !done }, done ? 'Message opened again' : 'Message done')}
            >
              {done ? 'Open again' : 'Mark done'}
            </button>
          </div>
          <h3>The message</h3>
          <div className="contact-message">
            <p className="history-subject">{contact.subject}</p>
            <p className="history-body">{contact.message}</p>
          </div>
          {!done && contact.draft && (
            <CaseReplyForm
              heading={`Reply to ${contact.name || 'the visitor'}`}
              draft={contact.draft}
              recipient={contact.email}
              hint={`Sent from ${contact.replyFrom}; an answer comes back there.`}
              state={state}
            />
          )}
          <CaseHistory history={contact.history} state={state} />
        </>
      )}
    </WorkDialog>
  );
}
