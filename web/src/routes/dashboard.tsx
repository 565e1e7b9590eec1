import { Card, Flex, Heading, Link, Placeholder, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { CheckoutSuccessDialog } from '../components/billing/CheckoutSuccessDialog.js';
import { PlanButton } from '../components/billing/PlanButton.js';
import { hasRole } from '../lib/roles.js';
import { useSession } from '../lib/session.js';
import { useMe } from '../lib/use-me.js';
import { AppHeader } from '../ui/AppHeader.js';
import { Page } from '../ui/Page.js';

/** The client's home (/dashboard). Designers work from /designer instead. */
export default function DashboardScreen() {
  const { user } = useSession();
  if (hasRole(user, 'designer')) return <Navigate to="/designer" replace />;
  return <ClientDashboard />;
}

function ClientDashboard() {
  const { user } = useSession();
  const { me, loading, reload } = useMe();
  // Bumped when the checkout success dialog closes: the plan button checks the subscription again.
  const [billingKey, setBillingKey] = useState(0);
  // The profile's name, else the token's; the e-mail's local part only once the profile has answered.
  const name = me?.user.full_name || user?.name || (loading ? null : user?.email.split('@')[0] || 'there');

  return (
    <Page title="Dashboard" header={<AppHeader name={me?.user.full_name} />}>
      <Flex direction="column" gap="large">
        <Card variation="elevated" padding="xl">
          {name ? (
            <Heading level={1} fontSize="xxl">
              Welcome back, {name}!
            </Heading>
          ) : (
            <Placeholder height="2.5rem" width="60%" marginBlock="xs" />
          )}
          <Text color="font.secondary">Submit a new project or follow your projects on the board.</Text>
          <Flex marginTop="medium">
            <PlanButton reloadKey={billingKey} />
          </Flex>
        </Card>
        <Flex gap="medium" wrap="wrap">
          <DashboardLink to="/submit" title="New Project" text="Describe your project and get an AI-generated checklist." />
          <DashboardLink to="/board" title="Project Board" text="See every project by status, from queued to delivered." />
        </Flex>
      </Flex>
      <CheckoutSuccessDialog
        onClose={() => {
          reload();
          setBillingKey((key) => key + 1);
        }}
      />
    </Page>
  );
}

function DashboardLink({ to, title, text }: { to: string; title: string; text: string }) {
  return (
    <Card variation="outlined" flex="1 1 16rem" padding="large">
      <Flex direction="column" gap="xs">
        <Link as={RouterLink} to={to} fontSize="large" fontWeight="bold">
          {title}
        </Link>
        <Text color="font.secondary">{text}</Text>
      </Flex>
    </Card>
  );
}
