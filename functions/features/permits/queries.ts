import type { Runtime } from '../../platform/runtime.js';
import type { CorrectionItemView } from './contracts.js';
import { cityReviewKey, cityReviewPartition, roundPrefix } from './keys.js';
import type { CityReviewDocument } from './projection.js';

export type { CityReviewDocument } from './projection.js';

/** A permit project's city review document; null before it is projected (or for a design project). */
export async function getCityReview(runtime: Runtime, projectId: string): Promise<CityReviewDocument | null> {
  const { active } = await runtime.views.generations();
  const key = cityReviewKey(projectId);
  const item = await runtime.views.get(active, key.pk, key.sk);
  return item && !item.deleted ? (JSON.parse(item.doc as string) as CityReviewDocument) : null;
}

/** One round's items with their answers, in the letter's order: one query of the round's prefix. */
export async function getRoundItems(runtime: Runtime, projectId: string, round: number): Promise<CorrectionItemView[]> {
  const { active } = await runtime.views.generations();
  const items = await runtime.views.query(
    active,
    { pk: cityReviewPartition(projectId), skPrefix: roundPrefix(round) },
    { ascending: true },
  );
  const answers = new Map<
    string,
    { response: string; revised_file_id: string | null; revised_file_name: string | null; at: string }
  >();
  for (const stored of items)
    if (typeof stored.answer === 'string')
      answers.set(stored.sk.slice(stored.sk.lastIndexOf('#') + 1), JSON.parse(stored.answer));
  return items
    .filter((stored) => typeof stored.item === 'string')
    .map((stored) => {
      const item = JSON.parse(stored.item as string) as {
        item_id: string;
        number: number;
        sheet: string | null;
        code_reference: string | null;
        comment: string;
      };
      const answer = answers.get(item.item_id);
      return {
        ...item,
        addressed: !!answer,
        response: answer?.response ?? null,
        revised_file_id: answer?.revised_file_id ?? null,
        revised_file_name: answer?.revised_file_name ?? null,
        addressed_at: answer?.at ?? null,
      };
    });
}
