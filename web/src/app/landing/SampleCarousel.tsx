import { useEffect, useId, useRef, useState } from 'react';
import { SampleViewer } from './SampleViewer.js';
import { SAMPLES, type SampleCard } from './content.js';

/**
 * 'Our Work in Action': the four sample cards, twice in a row, moving by a CSS animation that loops
 * seamlessly (the track moves by exactly one set). The second set is a visual copy only (hidden
 * from assistive technology and focus). The motion pauses on hover, on keyboard focus and with the
 * Pause button, stands still while off screen, and is off for people who ask for reduced motion.
 */
export function SampleCarousel() {
  const [paused, setPaused] = useState(false);
  const [viewing, setViewing] = useState<SampleCard | null>(null);
  const [onScreen, setOnScreen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  // Moves only while on screen: no animation work while the page loads below the fold.
  useEffect(() => {
    const element = root.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setOnScreen(true);
      return;
    }
    const observer = new IntersectionObserver(([entry]) => setOnScreen(!!entry?.isIntersecting));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={root}
      className="lp-carousel"
      data-paused={paused ? 'true' : 'false'}
      data-on-screen={onScreen ? 'true' : 'false'}
    >
      <button
        type="button"
        className="lp-carousel__toggle"
        aria-pressed={paused}
        onClick={() => setPaused((value) => !value)}
      >
        {paused ? 'Play carousel' : 'Pause carousel'}
      </button>
      <div className="lp-carousel__viewport">
        <ul className="lp-carousel__track">
          {[...SAMPLES, ...SAMPLES].map((sample, index) => {
            const copy = index >= SAMPLES.length;
            return (
              <li
                key={`${copy ? 'copy' : 'first'}:${sample.title}`}
                className="lp-carousel__item"
                aria-hidden={copy || undefined}
                inert={copy || undefined}
                data-copy={copy || undefined}
              >
                <Sample sample={sample} onView={setViewing} />
              </li>
            );
          })}
        </ul>
      </div>
      <SampleViewer sample={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

function Sample({ sample, onView }: { sample: SampleCard; onView(sample: SampleCard): void }) {
  const titleId = useId();
  return (
    <article className="lp-sample" aria-labelledby={titleId}>
      <img
        className="lp-sample__image"
        src={sample.image}
        alt={sample.alt}
        width={640}
        height={400}
        loading="lazy"
        decoding="async"
      />
      <div className="lp-sample__body">
        <p className="lp-sample__category">{sample.category}</p>
        <h3 id={titleId} className="lp-sample__title">
          {sample.title}
        </h3>
        <p className="lp-sample__text">{sample.description}</p>
        <button
          type="button"
          className="lp-btn lp-btn--ghost lp-btn--small"
          aria-describedby={titleId}
          aria-haspopup="dialog"
          onClick={() => onView(sample)}
        >
          View Sample
        </button>
      </div>
    </article>
  );
}
