import { useCallback, useEffect, useState } from 'react';
import type { ResponsiveImage } from '../lib/images.ts';
import Picture from './Picture.tsx';
import { wordsT, type Words } from '../i18n/words.ts';

/** One slide as the page hands it over. */
export type CarouselSlide = {
  id: string;
  title: string;
  subtitle: string;
  quote: string;
  quoteAuthor: string;
  image: ResponsiveImage;
  imageAlt: string;
};

type Props = {
  slides: CarouselSlide[];
  /** Address of the Donate Now button (the donation URL with source and campaign tags). */
  donateUrl: string;
  /** The Volunteer page in the page's language (the Join Us Today button). */
  volunteerUrl: string;
  /** The carousel's words in the page's language (`home.carousel…`, `nav.opensPayment`). */
  words: Words;
};

/** Time each slide shows before the next one. */
export const SLIDE_INTERVAL_MS = 5000;

/**
 * The Home hero: five slides that advance every 5 s, wrap both ways, and pause while hovered or focused,
 * when paused by the visitor, or when the visitor prefers reduced motion.
 */
export default function HeroCarousel({ slides, donateUrl, volunteerUrl, words }: Props) {
  const t = wordsT(words);
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  // Unknown until the browser answers; the slides never move on their own before then.
  const [reducedMotion, setReducedMotion] = useState<boolean | null>(null);
  const count = slides.length;

  const go = useCallback((step: number) => setIndex((current) => (current + step + count) % count), [count]);

  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReducedMotion(query.matches);
    const update = () => setReducedMotion(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  const rotating = !hovered && !focused && !paused && reducedMotion === false && count > 1;
  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => go(1), SLIDE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [rotating, go, index]);

  return (
    <section
      className="hero-carousel"
      aria-roledescription="carousel"
      aria-label={t('home.carouselLabel')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div className="hero-carousel__slides" aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, position) => (
          <div
            key={slide.id}
            className="hero-carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('home.carouselSlideOf', { position: position + 1, count })}
            hidden={position !== index}
          >
            <Picture
              image={slide.image}
              alt={slide.imageAlt}
              sizes="100vw"
              className="hero-carousel__image"
              priority={position === 0}
            />
            <div className="hero-carousel__content container">
              {position === 0 ? <h1>{slide.title}</h1> : <h2 className="hero-carousel__title">{slide.title}</h2>}
              <p className="hero-carousel__subtitle">{slide.subtitle}</p>
              <blockquote className="hero-carousel__quote">
                <p>“{slide.quote}”</p>
                <footer>— {slide.quoteAuthor}</footer>
              </blockquote>
              <div className="button-row">
                <a className="button" href={volunteerUrl}>
                  {t('home.carouselJoin')}
                </a>
                <a className="button button--light" href={donateUrl} target="_blank" rel="noopener noreferrer">
                  {t('home.carouselDonate')}
                  <span className="visually-hidden">{t('nav.opensPayment')}</span>
                </a>
              </div>
            </div>
          </div>
        ))}
      </div>
      <div className="hero-carousel__controls container">
        <button
          type="button"
          className="hero-carousel__arrow"
          onClick={() => go(-1)}
          aria-label={t('home.carouselPrevious')}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <div className="hero-carousel__dots" role="group" aria-label={t('home.carouselChoose')}>
          {slides.map((slide, position) => (
            <button
              key={slide.id}
              type="button"
              className="hero-carousel__dot"
              aria-label={t('home.carouselDot', { position: position + 1, title: slide.title })}
              aria-current={position === index ? 'true' : undefined}
              onClick={() => setIndex(position)}
            />
          ))}
        </div>
        <button
          type="button"
          className="hero-carousel__arrow"
          onClick={() => go(1)}
          aria-label={t('home.carouselNext')}
        >
          <span aria-hidden="true">›</span>
        </button>
        <button
          type="button"
          className="hero-carousel__pause"
          onClick={() => setPaused((value) => !value)}
          aria-pressed={paused}
        >
          {paused ? t('home.carouselPlay') : t('home.carouselPause')}
          <span className="visually-hidden">{t('home.carouselSlideshow')}</span>
        </button>
      </div>
    </section>
  );
}
