import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useSession } from '../auth/session.js';
import { homePathFor } from '../auth/roles.js';
import { Logo } from '../../ui/Logo.js';
import { Page } from '../../ui/Page.js';

/** Any path the route table does not know: the studio's page, with the way home (and to one's work). */
export default function NotFoundScreen() {
  const { pathname } = useLocation();
  const { user } = useSession();

  useEffect(() => {
    console.warn(`No screen at ${pathname}`);
  }, [pathname]);

  return (
    <Page title="Page not found" width="narrow">
      <Flex direction="column" alignItems="center" gap="large" paddingBlock="xxl" textAlign="center">
        <RouterLink to="/" aria-label="Design Club home" className="app-header__brand">
          <Logo size={40} className="app-header__logo" />
          <span>Design Club</span>
        </RouterLink>
        <Card variation="elevated" padding="xl" width="100%" className="not-found">
          <Flex direction="column" alignItems="center" gap="small">
            <Heading level={1} fontSize="xxxl" color="primary.80">
              404
            </Heading>
            <Text fontSize="large" fontWeight="semibold">
              Oops! Page not found
            </Text>
            <Text color="font.secondary">
              The page you asked for has moved or never existed. Let's get you back to your projects.
            </Text>
            <Flex gap="small" wrap="wrap" justifyContent="center" marginTop="small">
              <Button as={RouterLink} to="/" variation="primary">
                Return to Home
              </Button>
              {user ? (
                <Button as={RouterLink} to={homePathFor(user)}>
                  Go to Dashboard
                </Button>
              ) : null}
            </Flex>
          </Flex>
        </Card>
      </Flex>
    </Page>
  );
}
