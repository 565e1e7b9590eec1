import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Logo } from '../Logo.js';
import { Page } from '../Page.js';

export interface AuthFrameProps {
  /** The browser tab's title and the card's heading (unless `heading` is given). */
  title: string;
  /** The card's heading; null for none (a card that only says it is loading). */
  heading?: string | null;
  intro?: ReactNode;
  /** Below the card: links to the other sign-in pages. */
  footer?: ReactNode;
  children: ReactNode;
}

/** The frame of the sign-in and password screens: the product name, one card, links below it. */
export function AuthFrame({ title, heading, intro, footer, children }: AuthFrameProps) {
  return (
    <Page title={title} width="narrow">
      <Flex direction="column" gap="large" paddingBlock="xl">
        <RouterLink to="/" className="app-header__brand" style={{ alignSelf: 'center' }}>
          <Logo size={34} className="app-header__logo" />
          Design Club
        </RouterLink>
        <Card variation="elevated" padding="xl">
          <Flex direction="column" gap="large">
            {heading === null ? null : (
              <Flex direction="column" gap="xs">
                <Heading level={1} fontSize="xl">
                  {heading ?? title}
                </Heading>
                {intro ? <Text color="font.secondary">{intro}</Text> : null}
              </Flex>
            )}
            {children}
          </Flex>
        </Card>
        {footer ? (
          <Text textAlign="center" color="font.secondary" fontSize="small">
            {footer}
          </Text>
        ) : null}
      </Flex>
    </Page>
  );
}
