import type { ReviewDecision } from '#features/reviews/contracts.js';
import { longDate } from '../../../lib/format.js';

const byLine = (decision: ReviewDecision) => `by ${decision.by_name ?? 'the client'} on ${longDate(decision.at)}`;

/** The client's decision on the version shown, in place of the buttons that took it. */
export function ReviewDecisionRecord({ decision }: { decision: ReviewDecision }) {
  return (
    <p className={`review-decision-record review-decision-record--${decision.decision}`} role="status">
      {decision.decision === 'approved' ? 'Approved' : 'Changes requested'} {byLine(decision)}
    </p>
  );
}

/**
 * The client's written message with a change request, above the notes: who wrote it and when. On a
 * later version it still shows, named by the version it was written on, until that version's own
 * decision replaces it.
 */
export function ClientMessage({ decision, shownVersion }: { decision: ReviewDecision; shownVersion: number }) {
  if (!decision.summary) return null;
  const heading = decision.version === shownVersion ? "Client's message" : `Client's message on v${decision.version}`;
  return (
    <section className="review-client-message" aria-label="Client's message">
      <h3 className="review-client-message__heading">{heading}</h3>
      <p className="review-client-message__text preserve-lines">{decision.summary}</p>
      <p className="review-client-message__meta">
        {decision.by_name ?? 'The client'} · {longDate(decision.at)}
      </p>
    </section>
  );
}
