import { Flex, Heading, Link, Text } from '@aws-amplify/ui-react';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Page } from '../ui/Page.js';

/** Any path the route table does not know. */
export default function NotFoundScreen() {
  const { pathname } = useLocation();

  useEffect(() => {
    console.warn(`No screen at ${pathname}`);
  }, [pathname]);

  return (
    <Page title="Page not found" width="narrow">
      <Flex direction="column" alignItems="center" gap="medium" paddingBlock="xxxl" textAlign="center">
        <Heading level={1} fontSize="xxxl">
          404
        </Heading>
        <Text fontSize="large">Oops! Page not found</Text>
        <Link as={RouterLink} to="/">
          Return to Home
        </Link>
      </Flex>
    </Page>
  );
}
