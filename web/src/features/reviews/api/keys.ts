/**
 * One query per project (GET /reviews) that the Files tab and the viewer share. It sits under
 * ['projects'], as every view a review decision changes does.
 */
export const reviewKey = (projectId: string) => ['projects', 'reviews', projectId] as const;
export const reviewsPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/reviews`;
