import { useState } from 'react';
import type { ResponsiveImage } from '../lib/images.ts';
import Modal from './shared/Modal.tsx';
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

/** The About page team: each card opens a dialog with the full bio and contact details. */
export default function TeamGrid({ members }: Props) {
  const [openId, setOpenId] = useState<string | null>(null);
  const open = members.find((member) => member.id === openId);

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
              <button type="button" className="button button--ghost" onClick={() => setOpenId(member.id)}>
                Read more<span className="visually-hidden"> about {member.name}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
      <Modal open={open !== undefined} onClose={() => setOpenId(null)} title={open?.name ?? ''}>
        {open && (
          <div className="team-modal">
            <p className="team-card__role">{open.role}</p>
            {open.fullBio.map((paragraph) => (
              <p key={paragraph.slice(0, 32)}>{paragraph}</p>
            ))}
            <h3>Contact</h3>
            <ul className="plain-list">
              <li>
                Email: <a href={`mailto:${open.email}`}>{open.email}</a>
              </li>
              <li>
                Phone: <a href={`tel:${open.phone.replace(/\s+/g, '')}`}>{open.phone}</a>
              </li>
            </ul>
          </div>
        )}
      </Modal>
    </>
  );
}
