import { useMemo, type CSSProperties } from 'react';

/** Spec/1 §9: the success dialog's confetti has 150 pieces. */
export const CONFETTI_PIECES = 150;
const COLORS = ['#4338ca', '#6366f1', '#f59e0b', '#fcd34d', '#10b981', '#ec4899', '#0ea5e9'];

/** A small, seeded random generator: the same burst on every render. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

/**
 * A burst of confetti in plain CSS (no dependency): 150 pieces falling over the whole viewport,
 * decorative only (hidden from assistive technology), still for people who prefer reduced motion.
 */
export function Confetti({ pieces = CONFETTI_PIECES }: { pieces?: number }) {
  const styles = useMemo(() => {
    const next = random(42);
    return Array.from({ length: pieces }, (_, index): CSSProperties => {
      const size = 6 + next() * 7;
      return {
        left: `${next() * 100}%`,
        ['--rest' as string]: `${next() * 100}%`,
        width: `${size}px`,
        height: `${size * (0.4 + next() * 0.6)}px`,
        background: COLORS[index % COLORS.length],
        borderRadius: next() > 0.7 ? '50%' : '2px',
        animationDelay: `${next() * 0.9}s`,
        animationDuration: `${2.6 + next() * 2.2}s`,
        ['--drift' as string]: `${(next() - 0.5) * 30}vw`,
        ['--spin' as string]: `${(next() > 0.5 ? 1 : -1) * (360 + next() * 720)}deg`,
      };
    });
  }, [pieces]);
  return (
    <div className="confetti" aria-hidden="true">
      {styles.map((style, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed, never reordered set of decorative pieces.
        <span key={index} className="confetti__piece" data-confetti-piece="" style={style} />
      ))}
    </div>
  );
}
