/** The city review projection's view keys, apart from the projection so readers bundle no fold. */
export const cityReviewPartition = (projectId: string) => `city-review#${projectId}`;
const pad = (value: number) => String(value).padStart(2, '0');
/** The review's document: stage, permit, and each round's header (20 rounds at most: a few KB). */
export const cityReviewKey = (projectId: string) => ({ pk: cityReviewPartition(projectId), sk: 'doc' });
/** One round's items share this prefix, so a round is one query and a project's rounds never share an item. */
export const roundPrefix = (round: number) => `round#${pad(round)}#`;
/** One correction item as the city wrote it, written once (a comment is at most 2,000 characters). */
export const correctionItemKey = (projectId: string, round: number, index: number, itemId: string) => ({
  pk: cityReviewPartition(projectId),
  sk: `${roundPrefix(round)}item#${String(index).padStart(3, '0')}#${itemId}`,
});
/** The studio's answer to one item, written once (an item is addressed once). */
export const answerKey = (projectId: string, round: number, itemId: string) => ({
  pk: cityReviewPartition(projectId),
  sk: `${roundPrefix(round)}answer#${itemId}`,
});
