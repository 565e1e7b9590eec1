import { Alert, Button, Card, Flex, Heading, Link, Loader, Text } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { unsubscribeLinkQuery, unsubscribePath } from '../api/get-unsubscribe-link.js';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { api } from '../../../app/api.js';
import { errorMessage } from '../../../lib/errors.js';
import type { UnsubscribeResponse } from '#features/notifications/contracts.js';
import { Page } from '../../../ui/Page.js';

/**
 * /unsubscribe?token=… (public): the link in a notification e-mail's footer. It asks first and
 * unsubscribes only on the button (mail scanners open links; only a person presses a button).
 */
export default function UnsubscribeScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState<UnsubscribeResponse | null>(null);
  const [failed, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const path = unsubscribePath(token);
  const link = useQuery(unsubscribeLinkQuery(token));
  const asked = link.data ?? null;
  const error = failed ?? (link.error ? errorMessage(link.error) : null);

  async function confirm() {
    setBusy(true);
    try {
      setDone(await api.post<UnsubscribeResponse>(path));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

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
                <Button variation="primary" onClick={confirm} isLoading={busy} loadingText="Unsubscribing…">
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
