import type { Runtime } from '../../platform/runtime.js';
import { TEXT_PREFIX, reviewPartition } from './keys.js';
import type { ReviewState } from './state.js';

export type { ReviewState } from './state.js';

/** A project's review as the views hold it: the document, and the texts by their item's sort key. */
export interface StoredReview {
  state: ReviewState;
  texts: Map<string, string>;
}

/** One query of the project's review partition (the document and its texts); null before it is projected. */
export async function getReview(runtime: Runtime, projectId: string): Promise<StoredReview | null> {
  const { active } = await runtime.views.generations();
  const items = await runtime.views.query(active, { pk: reviewPartition(projectId) }, { ascending: true });
  const doc = items.find((item) => item.sk === 'doc' && !item.deleted);
  if (!doc) return null;
  const texts = new Map(items.filter((item) => item.sk.startsWith(TEXT_PREFIX)).map((item) => [item.sk, String(item.text ?? '')]));
  return { state: JSON.parse(doc.doc as string) as ReviewState, texts };
}
