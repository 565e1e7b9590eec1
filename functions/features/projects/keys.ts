/** The projects projection's view keys and document type, apart from the projection so readers bundle no decider. */
export const projectKey = (id: string) => ({ pk: `project#${id}`, sk: 'doc' });
/** A client's projects (gsi1 of the documents): every project they submitted, team ones too. */
export const ownerPartition = (userId: string) => `owner#${userId}`;
export const commentsPartition = (projectId: string) => `comments#${projectId}`;
export const activityPartition = (projectId: string) => `activity#${projectId}`;
/** A team's projects (gsi2) and a designer's, by account id or e-mail (gsi3). */
export const teamPartition = (teamId: string) => `team#${teamId}`;
export const designerPartition = (idOrEmail: string) => `designer#${idOrEmail.toLowerCase()}`;
/** The global activity of one UTC day (gsi5). */
export const activityDayPartition = (at: string) => `activity-day#${at.slice(0, 10)}`;

/** The project document as readers get it (comments live in their own items): the SPA's shape too. */
