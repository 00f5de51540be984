import type { ResponsiveImage } from '../lib/images.ts';
import Modal, { opensDialog } from './shared/Modal.tsx';
import Picture from './Picture.tsx';

/** A team member as the About page hands it over. */
export type TeamCardData = {
  id: string;
  name: string;
  role: string;
  bio: string;
  fullBio: string[];
  email: string;
  phone: string;
  image: ResponsiveImage;
};

type Props = {
  members: TeamCardData[];
};

const dialogId = (member: TeamCardData) => `team-${member.id}`;

/**
 * The About page team: a tap anywhere on a card (its "Read more" button is stretched over it) opens a dialog with
 * the full bio and contact details. The dialogs are in the page from the start and open natively, so the first
 * tap works before hydration and without JavaScript.
 */
export default function TeamGrid({ members }: Props) {
  return (
    <>
      <ul className="grid plain-list team-grid">
        {members.map((member) => (
          <li key={member.id} className="card team-card">
            <Picture image={member.image} alt="" sizes="(min-width: 48rem) 22rem, 90vw" className="card__media" />
            <div className="card__body">
              <h3 className="team-card__name">{member.name}</h3>
              <p className="team-card__role">{member.role}</p>
              <p>{member.bio}</p>
              <button type="button" className="button button--ghost team-card__more" {...opensDialog(dialogId(member))}>
                Read more<span className="visually-hidden"> about {member.name}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
      {members.map((member) => (
        <Modal key={member.id} id={dialogId(member)} title={member.name}>
          <div className="team-modal">
            <p className="team-card__role">{member.role}</p>
            {member.fullBio.map((paragraph) => (
              <p key={paragraph.slice(0, 32)}>{paragraph}</p>
            ))}
            <h3>Contact</h3>
            <ul className="plain-list">
              <li>
                Email: <a href={`mailto:${member.email}`}>{member.email}</a>
              </li>
              <li>
                Phone: <a href={`tel:${member.phone.replace(/\s+/g, '')}`}>{member.phone}</a>
              </li>
            </ul>
          </div>
        </Modal>
      ))}
    </>
  );
}
