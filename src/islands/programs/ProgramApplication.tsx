import { useCallback, type ReactNode } from 'react';
import { showToast } from '../../lib/toast.ts';
import FormActions from '../shared/form/FormActions.tsx';
import PersonFields from '../shared/form/PersonFields.tsx';
import { presetSelect } from '../shared/form/preset.ts';
import TrackForm from '../shared/form/TrackForm.tsx';
import { useTrackForm } from '../shared/form/useTrackForm.ts';
import Modal, { closeDialog } from '../shared/Modal.tsx';
import { useTrigger } from './useTrigger.ts';
import './programs.css';

/** A school or hospital as the page hands it over. */
export type PlaceChoice = { id: string; name: string };

type Props = {
  type: 'school_volunteer_application' | 'internship_application';
  /** Id of the dialog: page buttons with `commandfor={dialogId}` open it natively. */
  dialogId: string;
  title: string;
  /** `data-<trigger>` on an opener holds the id of the place to preset (empty for none). */
  trigger: string;
  /** The select an opener presets, by the place's name. */
  presetField: string;
  places: PlaceChoice[];
  /** The spec §8 alert once the server has accepted the application. */
  success: string;
  /** The fields after name and email. */
  children: ReactNode;
};

/**
 * A program application in its dialog (school volunteering, hospital internship): name and email, the program's
 * fields, Submit and Cancel (which keeps what was typed). The §8 alert shows once the server has accepted it.
 */
export default function ProgramApplication({
  type,
  dialogId,
  title,
  trigger,
  presetField,
  places,
  success,
  children,
}: Props) {
  const kit = useTrackForm({
    onSent: () => {
      showToast(success);
      closeDialog(dialogId);
    },
  });

  const onTrigger = useCallback(
    (placeId: string) => {
      const place = places.find((p) => p.id === placeId);
      if (place) presetSelect(dialogId, presetField, place.name);
    },
    [places, dialogId, presetField],
  );
  useTrigger(trigger, onTrigger);

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
