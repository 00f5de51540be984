import { eventDialogId } from '../../lib/dialogs.ts';
import type { ResponsiveImage } from '../../lib/images.ts';
import Modal from '../shared/Modal.tsx';
import Picture from '../Picture.tsx';
import './programs.css';

/** An event as the programs page hands it over: plain JSON, images already made responsive. */
export type EventDetailsData = {
  id: string;
  title: string;
  subtitle: string;
  /** ISO date and how it reads, e.g. `19 October 2025`. */
  date: string;
  dateLabel: string;
  venue: string;
  theme: string;
  description: string;
  fullDescription: string;
  schedule: { time: string; activity: string }[];
  /** 'Expected impact' before the event, 'Impact achieved' after it. */
  impactHeading: string;
  impact: string[];
  itemsNeeded: string[];
  gallery: { image: ResponsiveImage; alt: string }[];
  testimonials: { name: string; role: string; quote: string }[];
  /** What lasts beyond the day, and a closing message to supporters: left out until staff write them. */
  longTermImpact?: string | undefined;
  contact: { name: string; email: string; phone: string };
  message?: string | undefined;
  /** The featured event's contribution link (already built by src/lib/payment.ts). */
  contribution?: { label: string; url: string } | undefined;
};

type Props = {
  events: EventDetailsData[];
};

/**
 * The event details dialogs of /programs, one per event and in the page from the start. Event cards are static
 * HTML whose "View details" button opens its event's dialog natively (`commandfor`), so the first tap works before
 * hydration; closing it returns focus there.
 */
export default function EventDetails({ events }: Props) {
  return events.map((event) => (
    <Modal key={event.id} id={eventDialogId(event.id)} title={event.title} className="modal--wide">
      <div className="event-details">
        <p className="event-details__subtitle">{event.subtitle}</p>
        <ul className="event-details__facts plain-list">
          <li>
            <strong>Date:</strong> <time dateTime={event.date}>{event.dateLabel}</time>
          </li>
          <li>
            <strong>Venue:</strong> {event.venue}
          </li>
          <li>
            <strong>Theme:</strong> {event.theme}
          </li>
        </ul>

        <p>{event.description}</p>
        <p>{event.fullDescription}</p>

        <h3>Gallery</h3>
        <ul className="event-details__gallery plain-list">
          {event.gallery.map((item) => (
            <li key={item.image.src}>
              <Picture
                image={item.image}
                alt={item.alt}
                sizes="(min-width: 56rem) 17rem, (min-width: 30rem) 45vw, 90vw"
              />
            </li>
          ))}
        </ul>

        <div className="event-details__columns">
          <section aria-labelledby={`${event.id}-schedule`}>
            <h3 id={`${event.id}-schedule`}>Schedule</h3>
            <dl className="event-details__schedule">
              {event.schedule.map((slot) => (
                <div key={`${slot.time}-${slot.activity}`}>
                  <dt>{slot.time}</dt>
                  <dd>{slot.activity}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section aria-labelledby={`${event.id}-impact`}>
            <h3 id={`${event.id}-impact`}>{event.impactHeading}</h3>
            <ul className="list-check">
              {event.impact.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </section>
        </div>

        {event.testimonials.length > 0 && (
          <section aria-labelledby={`${event.id}-voices`}>
            <h3 id={`${event.id}-voices`}>Testimonials</h3>
            {event.testimonials.map((testimonial) => (
              <figure key={testimonial.name} className="event-details__quote">
                <blockquote>
                  <p>{testimonial.quote}</p>
                </blockquote>
                <figcaption>
                  {testimonial.name}, <span>{testimonial.role}</span>
                </figcaption>
              </figure>
            ))}
          </section>
        )}

        {event.longTermImpact && (
          <>
            <h3>Long-term impact</h3>
            <p>{event.longTermImpact}</p>
          </>
        )}

        <div className="event-details__columns">
          <section aria-labelledby={`${event.id}-items`}>
            <h3 id={`${event.id}-items`}>Items needed</h3>
            <ul>
              {event.itemsNeeded.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby={`${event.id}-contact`}>
            <h3 id={`${event.id}-contact`}>Contact</h3>
            <ul className="plain-list">
              <li>{event.contact.name}</li>
              <li>
                Email: <a href={`mailto:${event.contact.email}`}>{event.contact.email}</a>
              </li>
              <li>
                Phone: <a href={`tel:${event.contact.phone.replace(/\s+/g, '')}`}>{event.contact.phone}</a>
              </li>
            </ul>
          </section>
        </div>

        {event.message && <p className="event-details__message">{event.message}</p>}

        <div className="button-row">
          {event.contribution && (
            <a className="button" href={event.contribution.url} target="_blank" rel="noopener noreferrer">
              {event.contribution.label}
              <span className="visually-hidden"> (opens the payment page in a new tab)</span>
            </a>
          )}
          <a className="button button--secondary" href="/contact">
            Contact us about this event
          </a>
        </div>
      </div>
    </Modal>
  ));
}
