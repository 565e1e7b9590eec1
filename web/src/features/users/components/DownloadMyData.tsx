import { Alert, Button, Card, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/dates.js';
import { errorMessage } from '../../../lib/errors.js';
import { dataExportLinkQuery, dataExportQuery, useRequestDataExport } from '../api/data-export.js';

const megabytes = (bytes: number | null) =>
  bytes === null ? '' : ` (${Math.max(0.1, Math.round((bytes / 1_048_576) * 10) / 10)} MB)`;

/**
 * 'Download My Data': asks for an archive of everything about the person, prepared in the
 * background; then the link to download it, with its expiry. Errors are shown here, in place.
 */
export function DownloadMyData() {
  const client = useQueryClient();
  const status = useQuery(dataExportQuery());
  const request = useRequestDataExport();
  const [linkError, setLinkError] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const latest = status.data?.latest ?? null;
  const preparing = latest?.status === 'preparing';
  const waitUntil = status.data?.next_allowed_at ?? null;

  async function download(id: string) {
    setLinkError(null);
    setOpening(true);
    try {
      const link = await client.fetchQuery(dataExportLinkQuery(id));
      window.location.assign(link.url);
    } catch (error) {
      setLinkError(errorMessage(error));
    } finally {
      setOpening(false);
    }
  }

  return (
    <Card variation="outlined" padding="large">
      <Flex direction="column" gap="small">
        <Heading level={2} fontSize="large">
          Your data
        </Heading>
        <Text color="font.secondary">
          Get one archive of everything we keep about you: your profile, subscription, projects, files, comments, review
          notes, activity, notifications and team. We prepare it in the background and tell you when it is ready.
        </Text>
        {preparing ? (
          <Flex alignItems="center" gap="small" role="status">
            <Loader size="small" />
            <Text>Preparing your archive…</Text>
          </Flex>
        ) : null}
        {latest?.status === 'ready' && latest.expires_at ? (
          <Flex direction="column" gap="xs">
            <Flex>
              <Button variation="primary" isLoading={opening} onClick={() => void download(latest.export_id)}>
                Download your archive{megabytes(latest.bytes)}
              </Button>
            </Flex>
            <Text fontSize="small" color="font.secondary">
              Available until {formatDateTime(latest.expires_at)}.
            </Text>
          </Flex>
        ) : null}
        {latest?.status === 'expired' ? (
          <Text fontSize="small" color="font.secondary">
            Your last archive has expired.
          </Text>
        ) : null}
        {latest?.status === 'failed' && latest.reason ? <Alert variation="error">{latest.reason}</Alert> : null}
        {linkError ? <Alert variation="error">{linkError}</Alert> : null}
        {request.error ? <Alert variation="error">{errorMessage(request.error)}</Alert> : null}
        {status.error ? <Alert variation="error">{errorMessage(status.error)}</Alert> : null}
        <Flex direction="column" gap="xs">
          <Flex>
            <Button
              onClick={() => request.mutate()}
              isLoading={request.isPending}
              isDisabled={preparing || !!waitUntil || status.isPending}
            >
              Download My Data
            </Button>
          </Flex>
          {waitUntil && !preparing ? (
            <Text fontSize="small" color="font.secondary">
              You can ask for a new archive after {formatDateTime(waitUntil)}.
            </Text>
          ) : null}
        </Flex>
      </Flex>
    </Card>
  );
}
