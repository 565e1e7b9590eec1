import { useCityReviewAction } from './city-review-action.js';

/** 'Mark Addressed': the studio's response to one item (the assigned designer, admins). */
export const useAddressCorrection = (projectId: string) => useCityReviewAction(projectId, 'address');
