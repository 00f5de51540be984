import type { ReactNode } from 'react';
import { INTERNSHIP_APPLY_DIALOG, SCHOOL_APPLY_DIALOG } from '../../lib/dialogs.ts';
import { showToast } from '../../lib/toast.ts';
import FormActions from '../shared/form/FormActions.tsx';
import PersonFields from '../shared/form/PersonFields.tsx';
import TrackForm from '../shared/form/TrackForm.tsx';
import { useTrackForm } from '../shared/form/useTrackForm.ts';
import Modal, { closeDialog } from '../shared/Modal.tsx';
import './programs.css';

/** A school or hospital as the page hands it over. */
export type PlaceChoice = { id: string; name: string };

/**
 * What differs between the two program applications besides their fields: the form type, the dialog (page buttons
 * with `commandfor={dialogId}` open it natively, and a `data-preset` on the button chooses the place: see
 * src/components/shared/DialogPresets.astro) and its title.
 */
const PROGRAMS = {
  school: {
    type: 'school_volunteer_application',
    dialogId: SCHOOL_APPLY_DIALOG,
    title: 'Apply to Volunteer at a School',
  },
  internship: {
    type: 'internship_application',
    dialogId: INTERNSHIP_APPLY_DIALOG,
    title: 'Apply for a Hospital Internship',
  },
} as const;

/** What a program application island is given by its page. */
export type ProgramApplicationProps = {
  /** The partner schools or hospitals, for the preferred-place select. */
  places: PlaceChoice[];
  /** The success alert shown once the server has accepted the application (from src/lib/form-pages.ts). */
  success: string;
};

type Props = Pick<ProgramApplicationProps, 'success'> & {
  program: keyof typeof PROGRAMS;
  /** The fields after name and email. */
  children: ReactNode;
};

/**
 * A program application in its dialog (school volunteering, hospital internship): name and email, the program's
 * fields, Submit and Cancel (which keeps what was typed). The success alert shows once the server has accepted it.
 */
export default function ProgramApplication({ program, success, children }: Props) {
  const { type, dialogId, title } = PROGRAMS[program];
  const kit = useTrackForm({
    onSent: () => {
      showToast(success);
      closeDialog(dialogId);
    },
  });

  return (
    <Modal id={dialogId} title={title} onClose={kit.clear}>
      <TrackForm type={type} kit={kit}>
        <p className="field__hint">Fields marked * are required.</p>
        <PersonFields />
        {children}
        <FormActions submit="Submit Application" state={kit.state} cancels={dialogId} />
      </TrackForm>
    </Modal>
  );
}
