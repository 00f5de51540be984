import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import {
  ApiError,
  fetchStaff,
  inviteStaff,
  removeStaffAccount,
  resetStaffPassword,
  withdrawInvitation,
  type StaffList,
} from './api.ts';
import { breakableAddress } from './columns.tsx';
import { formatNairobi } from './lib/dates.ts';
import { tokenSubject } from './lib/token.ts';
import { $token } from './stores/session.ts';
import { notify } from './stores/toast.ts';
import ConfirmDialog from './ConfirmDialog.tsx';

type Props = { readonly label: string };

type Member = StaffList['staff'][number];
type Invitation = StaffList['invitations'][number];

/** Staff accounts: who has one and when they last signed in, invitations, reset links and removal. */
export default function StaffPanel({ label }: Props) {
  const me = tokenSubject(useStore($token)).toLowerCase();
  const [list, setList] = useState<StaffList | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [inviteError, setInviteError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [toRemove, setToRemove] = useState<Member | null>(null);
  const [toWithdraw, setToWithdraw] = useState<Invitation | null>(null);
  const emailId = useId();
  const errorId = useId();

  async function load(): Promise<void> {
    try {
      setList(await fetchStaff());
      setProblem(null);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) setProblem('Could not load the staff accounts.');
    }
  }

  useEffect(() => {
    void load();
  }, []);

  async function run(action: () => Promise<void>, done: string): Promise<boolean> {
    setPending(true);
    try {
      await action();
      notify(done);
      return true;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) {
        notify(error instanceof Error ? error.message : 'Something went wrong', 'error');
      }
      return false;
    } finally {
      setPending(false);
      void load();
    }
  }

  async function onInvite(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setPending(true);
    setInviteError(null);
    try {
      await inviteStaff(email);
      notify(`Invitation sent to ${email}`);
      setEmail('');
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) {
        setInviteError(error instanceof ApiError ? (error.issues[0]?.message ?? error.message) : 'Could not invite.');
      }
    } finally {
      setPending(false);
      void load();
    }
  }

  return (
    <>
      <h2 className="panel-title">{label}</h2>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <ul className="staff-list">
        {list?.staff.map((member) => (
          <li key={member.id}>
            <div>
              <strong>{member.username}</strong>
              {member.username.toLowerCase() === me && ' (you)'}
              <br />
              {member.email ? breakableAddress(member.email) : <span className="muted">No email address</span>}
              <br />
              <span className="muted">
                Last sign-in: {member.lastSignIn ? formatNairobi(member.lastSignIn) : 'never'}
              </span>
            </div>
            <div className="row-actions">
              <button
                type="button"
                className="button small"
                disabled={pending || !member.email}
                onClick={() =>
                  void run(() => resetStaffPassword(member.id), `Password link sent to ${member.username}`)
                }
              >
                Send password link<span className="visually-hidden"> to {member.username}</span>
              </button>
              <button
                type="button"
                className="button small danger"
                disabled={pending || (list?.staff.length ?? 0) <= 1}
                onClick={() => setToRemove(member)}
              >
                Remove<span className="visually-hidden"> {member.username}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
      {list && list.staff.length <= 1 && <p className="muted">The last staff account cannot be removed.</p>}
      {list && list.invitations.length > 0 && (
        <>
          <h3>Open invitations</h3>
          <ul className="invitation-list">
            {list.invitations.map((invitation) => (
              <li key={invitation.id}>
                <div>
                  {breakableAddress(invitation.email)}
                  <br />
                  <span className="muted">Link works until {formatNairobi(invitation.expiresAt)}</span>
                </div>
                <div className="row-actions">
                  <button
                    type="button"
                    className="button small danger"
                    disabled={pending}
                    onClick={() => setToWithdraw(invitation)}
                  >
                    Withdraw invitation<span className="visually-hidden"> to {invitation.email}</span>
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <form className="form card invite-form" onSubmit={(event) => void onInvite(event)}>
        <h3>Invite a colleague</h3>
        <div className="field">
          <label htmlFor={emailId}>Their email address</label>
          <input
            id={emailId}
            type="email"
            required
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-describedby={inviteError ? errorId : undefined}
            aria-invalid={inviteError ? true : undefined}
          />
        </div>
        {inviteError && (
          <p id={errorId} className="form-error" role="alert">
            {inviteError}
          </p>
        )}
        <button type="submit" className="button primary" disabled={pending}>
          Send invitation
        </button>
      </form>
      {toWithdraw && (
        <ConfirmDialog
          title={`Withdraw the invitation to ${toWithdraw.email}?`}
          text="The link in their email stops working at once. You can invite them again later."
          confirmLabel="Withdraw invitation"
          onCancel={() => setToWithdraw(null)}
          onConfirm={() => {
            const invitation = toWithdraw;
            setToWithdraw(null);
            void run(() => withdrawInvitation(invitation.id), `Invitation to ${invitation.email} withdrawn`);
          }}
        />
      )}
      {toRemove && (
        <ConfirmDialog
          title={`Remove ${toRemove.username}?`}
          text="Their sessions end at once and they can no longer sign in."
          confirmLabel="Remove account"
          onCancel={() => setToRemove(null)}
          onConfirm={() => {
            const member = toRemove;
            setToRemove(null);
            void run(() => removeStaffAccount(member.id), `Removed ${member.username}`);
          }}
        />
      )}
    </>
  );
}
