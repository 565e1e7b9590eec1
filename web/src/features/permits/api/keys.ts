/** The city review's query keys, under the project's (a change to any project view makes it stale too). */
export const cityReviewKeys = {
  all: (projectId: string) => ['projects', 'city-review', projectId] as const,
  round: (projectId: string, round: number | null) => [...cityReviewKeys.all(projectId), round ?? 'latest'] as const,
};

export const cityReviewPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/city-review`;
/** The live topic of the project: the projector names it once the city review view holds a change. */
export const projectTopic = (projectId: string) => `project:${projectId}`;
