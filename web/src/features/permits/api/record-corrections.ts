import { useCityReviewAction } from './city-review-action.js';

/** 'Save Corrections': the city's corrections of a new round (the client's side, admins). */
export const useRecordCorrections = (projectId: string) => useCityReviewAction(projectId, 'record_corrections');
