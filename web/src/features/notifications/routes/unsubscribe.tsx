import { Alert, Button, Card, Flex, Heading, Link, Loader, Text } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { unsubscribeLinkQuery } from '../api/get-unsubscribe-link.js';
import { useUnsubscribe } from '../api/unsubscribe.js';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../lib/errors.js';
import { Page } from '../../../ui/Page.js';

/**
 * /unsubscribe?token=… (public): the link in a notification e-mail's footer. It asks first and
 * unsubscribes only on the button (mail scanners open links; only a person presses a button).
 */
export default function UnsubscribeScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useQuery(unsubscribeLinkQuery(token));
  const unsubscribe = useUnsubscribe(token);
  const asked = link.data ?? null;
  const done = unsubscribe.data ?? null;
  const failure = unsubscribe.error ?? link.error;
  const error = failure ? errorMessage(failure) : null;

  return (
    <Page title="Unsubscribe" width="narrow">
      <Card variation="outlined" padding="large" marginBlock="xxl">
        <Flex direction="column" gap="medium">
          <Heading level={1} fontSize="xl">
            E-mail notifications
          </Heading>
          {error ? (
            <Alert variation="error" role="alert">
              {error}
            </Alert>
          ) : done ? (
            <Alert variation="success" role="status">
              {done.message}
            </Alert>
          ) : asked ? (
            <>
              <Text>{asked.message}</Text>
              <Flex>
                <Button
                  variation="primary"
                  onClick={() => unsubscribe.mutate()}
                  isLoading={unsubscribe.isPending}
                  loadingText="Unsubscribing…"
                >
                  Unsubscribe
                </Button>
              </Flex>
            </>
          ) : (
            <Loader ariaLabel="Checking the link" />
          )}
          <Link as={RouterLink} to="/profile?tab=notifications">
            Choose which e-mails you get
          </Link>
        </Flex>
      </Card>
    </Page>
  );
}
