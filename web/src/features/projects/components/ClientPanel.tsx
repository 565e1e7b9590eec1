import { Card, Heading, Text } from '@aws-amplify/ui-react';
import type { ClientPanel as ClientPanelData, ClientSummary } from '#features/projects/contracts.js';
import { PLANS } from '#shared/plans.js';

const tierName = (tier: string) => PLANS.find((plan) => plan.tier === tier)?.name ?? tier;

/** The client information panel of the admin dialog (docs/product.md#screens); designers see name and company. */
export function ClientPanel({ client }: { client: ClientPanelData | ClientSummary | null | undefined }) {
  const full = client && 'subscription_tier' in client ? client : null;
  return (
    <Card variation="outlined" className="client-panel" aria-label="Client information">
      <Heading level={4} fontSize="medium" marginBottom="xs">
        Client Information
      </Heading>
      <dl className="detail-list">
        <dt>Client</dt>
        <dd>{client?.full_name || client?.email || 'Unknown'}</dd>
        {client?.email ? (
          <>
            <dt>Email</dt>
            <dd>{client.email}</dd>
          </>
        ) : null}
        <dt>Company</dt>
        <dd>{client?.company || 'N/A'}</dd>
        {full ? (
          <>
            <dt>Phone</dt>
            <dd>{full.phone || 'N/A'}</dd>
            <dt>Subscription</dt>
            <dd>
              {full.subscription_tier ? (
                <Text as="span">{tierName(full.subscription_tier)}</Text>
              ) : (
                'No active subscription'
              )}
            </dd>
          </>
        ) : null}
      </dl>
    </Card>
  );
}
