import { Link } from '@aws-amplify/ui-react';
import { Link as RouterLink } from 'react-router-dom';
import type { WaitingItem } from './waiting.js';
import './waiting.css';

const SHOWN = 5;

/**
 * 'Waiting on you', at the top of a dashboard: what the person must do next, each with a direct link.
 * Null while the list is loading; a quiet line when nothing waits.
 */
export function WaitingOnYou({ items }: { items: readonly WaitingItem[] | null }) {
  if (items === null) return null;
  return (
    <section className="waiting-on-you" aria-labelledby="waiting-on-you-heading">
      <h2 id="waiting-on-you-heading" className="waiting-on-you__heading">
        Waiting on you {items.length > 0 ? <span className="waiting-on-you__count">{items.length}</span> : null}
      </h2>
      {items.length === 0 ? (
        <p className="waiting-on-you__none">Nothing is waiting on you right now.</p>
      ) : (
        <ul className="waiting-on-you__list">
          {items.slice(0, SHOWN).map((item) => (
            <li key={item.key}>
              <Link as={RouterLink} to={item.to} className="waiting-on-you__link">
                {item.label}
              </Link>
            </li>
          ))}
          {items.length > SHOWN ? <li className="waiting-on-you__more">and {items.length - SHOWN} more</li> : null}
        </ul>
      )}
    </section>
  );
}
