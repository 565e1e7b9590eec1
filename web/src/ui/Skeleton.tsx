import type { CSSProperties, ReactNode } from 'react';

/**
 * Grey shapes where content is on its way, so the screen keeps its layout while a query is pending
 * and nothing jumps when the data arrives. The region says it is busy (aria-busy) and says what it
 * waits for in words only a screen reader reads; the shapes themselves are hidden from it. Plain
 * markup and base.css: the shell painted while a screen's code loads uses it too.
 */
export function Skeleton({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className ? `skeleton ${className}` : 'skeleton'} aria-busy="true">
      <span className="visually-hidden">{label}</span>
      <div className="skeleton__shapes" aria-hidden="true">
        {children}
      </div>
    </div>
  );
}

/** Keys for `count` shapes of one kind (a fixed list: they never move, so their place is their identity). */
const shapes = (count: number, kind: string) => Array.from({ length: count }, (_, i) => `${kind}-${i}`);

/** One grey shape: a line of text by default, else as wide and tall as given. */
export function SkeletonBlock({ width, height, round }: { width?: string; height?: string; round?: boolean }) {
  const style: CSSProperties = { width, height };
  return <span className={round ? 'skeleton__block skeleton__block--round' : 'skeleton__block'} style={style} />;
}

/** A card's outline with a title line and `lines` lines of text. */
function SkeletonCard({ lines = 2 }: { lines?: number }) {
  return (
    <span className="skeleton__card">
      <SkeletonBlock width="60%" height="1.25rem" />
      {shapes(lines, 'line').map((key, i) => (
        <SkeletonBlock key={key} width={i % 2 ? '55%' : '85%'} />
      ))}
    </span>
  );
}

/** `count` cards in a grid (a list of projects, users or comments). */
export function CardsSkeleton({ label, count = 3, lines }: { label: string; count?: number; lines?: number }) {
  return (
    <Skeleton label={label} className="skeleton--cards">
      {shapes(count, 'card').map((key) => (
        <SkeletonCard key={key} lines={lines} />
      ))}
    </Skeleton>
  );
}

/** The four status counters of a dashboard, as tall as the real ones. */
export function StatsSkeleton({ label, count = 4 }: { label: string; count?: number }) {
  return (
    <Skeleton label={label} className="skeleton--stats">
      {shapes(count, 'stat').map((key) => (
        <span key={key} className="skeleton__card skeleton__stat">
          <SkeletonBlock width="50%" />
          <SkeletonBlock width="2.5rem" height="2rem" />
        </span>
      ))}
    </Skeleton>
  );
}

/** The project board: four columns of cards. */
export function BoardSkeleton({ label }: { label: string }) {
  return (
    <Skeleton label={label} className="skeleton--board">
      {(
        [
          ['queued', 3],
          ['in_progress', 2],
          ['needs_revision', 2],
          ['delivered', 1],
        ] as const
      ).map(([column, cards]) => (
        <span key={column} className="skeleton__column">
          <SkeletonBlock width="45%" height="1.25rem" />
          {shapes(cards, column).map((key) => (
            <SkeletonCard key={key} />
          ))}
        </span>
      ))}
    </Skeleton>
  );
}
