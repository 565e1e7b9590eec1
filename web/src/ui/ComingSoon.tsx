import { Flex, Heading, Link, Text } from './kit/index.js';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { AppHeader } from './AppHeader.js';
import { Page } from './Page.js';

export interface ComingSoonProps {
  /** The screen's name, shown as its heading. */
  name: string;
  /** What the screen will do. */
  purpose: string;
  /** Where the "back" link leads; default home. */
  back?: { to: string; label: string };
  /** Shows the signed-in header (title, profile, Sign Out). */
  signedIn?: boolean;
  children?: ReactNode;
}

/** The frame of a screen that is still being built: its name, what it will do, and a way back. */
export function ComingSoon({
  name,
  purpose,
  back = { to: '/', label: 'Back to home' },
  signedIn = false,
  children,
}: ComingSoonProps) {
  return (
    <Page title={name} header={signedIn ? <AppHeader /> : undefined}>
      <Flex direction="column" gap="medium" paddingBlock="xxl">
        <Heading level={1}>{name}</Heading>
        <Text>{purpose}</Text>
        <Text color="font.secondary">This screen is being built and will be available here shortly.</Text>
        {children}
        <Link as={RouterLink} to={back.to}>
          {back.label}
        </Link>
      </Flex>
    </Page>
  );
}
