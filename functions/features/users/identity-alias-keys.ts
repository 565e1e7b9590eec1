/** The alias item of a Cognito sub that signs in as another user id. */
export const identityAliasKey = (sub: string) => ({ pk: `identity#${sub}`, sk: 'alias' });
