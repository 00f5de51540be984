import type { ReactNode } from 'react';
import { INTERNSHIP_APPLY_DIALOG, SCHOOL_APPLY_DIALOG } from '../../lib/dialogs.ts';
import { showToast } from '../../lib/toast.ts';
import FormActions from '../shared/form/FormActions.tsx';
import PersonFields from '../shared/form/PersonFields.tsx';
import TrackForm from '../shared/form/TrackForm.tsx';
import { useTrackForm } from '../shared/form/useTrackForm.ts';
import Modal, { closeDialog } from '../shared/Modal.tsx';
import { wordsT } from '../../i18n/words.ts';
import type { IslandLanguage } from '../shared/form/language.ts';
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
    title: 'programForm.schoolTitle',
  },
  internship: {
    type: 'internship_application',
    dialogId: INTERNSHIP_APPLY_DIALOG,
    title: 'programForm.internshipTitle',
  },
} as const;

/** What a program application island is given by its page. */
export type ProgramApplicationProps = {
  /** The partner schools or hospitals, for the preferred-place select. */
  places: PlaceChoice[];
  /** The success alert shown once the server has accepted the application (from src/lib/form-pages.ts). */
  success: string;
  /** The page's language and the form's words (`programForm.`). */
  language: IslandLanguage;
};

type Props = Pick<ProgramApplicationProps, 'success' | 'language'> & {
  program: keyof typeof PROGRAMS;
  /** The fields after name and email. */
  children: ReactNode;
};

/**
 * A program application in its dialog (school volunteering, hospital internship): name and email, the program's
 * fields, Submit and Cancel (which keeps what was typed). The success alert shows once the server has accepted it.
 */
export default function ProgramApplication({ program, success, language, children }: Props) {
  const t = wordsT(language.words);
  const { type, dialogId, title } = PROGRAMS[program];
  const kit = useTrackForm({
    onSent: () => {
      showToast(success);
      closeDialog(dialogId);
    },
  });

  return (
    <Modal id={dialogId} title={t(title)} onClose={kit.clear} closeLabel={t('programForm.close')}>
      <TrackForm type={type} kit={kit} language={language}>
        <p className="field__hint">{t('programForm.requiredNote')}</p>
        <PersonFields />
        {children}
        <FormActions submit={t('programForm.submit')} state={kit.state} cancels={dialogId} />
      </TrackForm>
    </Modal>
  );
}
