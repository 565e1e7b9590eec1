import { Alert, Button } from '@aws-amplify/ui-react';

/**
 * What a screen shows when the projects could not be loaded: what happened and 'Try again', in place
 * of the list (never an empty state, which would read as an account with no projects).
 */
export function ProjectsLoadError({ retrying, onRetry }: { retrying: boolean; onRetry(): void }) {
  return (
    <Alert variation="error" heading="We couldn't load your projects" role="alert">
      Your projects are safe; the connection to Design Club failed. Check your connection, then try again.
      <div style={{ marginTop: '0.75rem' }}>
        <Button size="small" isLoading={retrying} loadingText="Trying again…" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </Alert>
  );
}
