import { useCityReviewAction } from './city-review-action.js';

/** 'Mark Resubmitted': the round's revised set went back to the city (the client's side, admins). */
export const useMarkResubmitted = (projectId: string) => useCityReviewAction(projectId, 'resubmit');
