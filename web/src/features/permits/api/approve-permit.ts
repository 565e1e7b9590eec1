import { useCityReviewAction } from './city-review-action.js';

/** 'Mark Permit Approved' with the permit number (the client's side, admins). */
export const useApprovePermit = (projectId: string) => useCityReviewAction(projectId, 'approve');
