import { Card, Flex, Heading, Placeholder, } from '@aws-amplify/ui-react';
import { useEffect, useMemo, type ReactNode } from 'react';
import type { MeResponse } from '../../../../lib/contracts.js';
import { monthYear } from '../../../../lib/format.js';
import { typeLabel } from '../../../../lib/project-words.js';
import './dashboard.css';

/** 'Member since' month and year, or 'recently' while the profile does not know. */
export function memberSince(createdAt: string | null | undefined): string {
  if (!createdAt) return 'recently';
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? 'recently' : monthYear(date);
}

/**
 * The dashboard's welcome card (docs/product.md#screens): greeting ('Welcome' on the first visit, then 'Welcome
 * back'), total projects (singular or plural), member
 * since, company, user type in words, and the plan button.
 */
export function WelcomeCard({ name, me, projectCount, planButton, firstVisit = false }: { name: string | null; me: MeResponse | null; projectCount: number | null; planButton: ReactNode; firstVisit?: boolean }) {
  return (
    <Card variation="elevated" padding="xl" className="welcome-card">
      <Flex direction="column" gap="small">
        <div className="welcome-card__greeting">
          {name ? (
            <Heading level={1} fontSize="xxl">
              {firstVisit ? 'Welcome' : 'Welcome back'}, {name}!
            </Heading>
          ) : (
            <Placeholder height="2.5rem" width="60%" marginBlock="xs" />
          )}
        </div>
        <dl className="detail-list">
          <dt>Total projects</dt>
          <dd>{projectCount === null ? '…' : `${projectCount} ${projectCount === 1 ? 'project' : 'projects'}`}</dd>
          <dt>Member since</dt>
          <dd>{memberSince(me?.user.created_at)}</dd>
          <dt>Company</dt>
          <dd>{me?.user.company || 'N/A'}</dd>
          <dt>User type</dt>
          <dd>{me ? typeLabel(me.user.user_type) : '…'}</dd>
        </dl>
        <Flex marginTop="xs" className="welcome-card__plan">
          {planButton}
        </Flex>
      </Flex>
    </Card>
  );
}

/** The accounts this device has greeted on their dashboard (space-separated subs, the latest 20). */
const WELCOMED_KEY = 'dc_welcomed';

/**
 * Whether this is the account's first visit to its dashboard (on this device): read once per
 * account, and remembered once the dashboard has shown, so a reload says 'Welcome back'.
 */
export function useFirstVisit(sub: string | undefined): boolean {
  // Read when the account is known (the session may still be loading at the first render), before
  // the effect below records the visit.
  const first = useMemo(() => {
    if (!sub) return false;
    try {
      return !(localStorage.getItem(WELCOMED_KEY) ?? '').split(' ').includes(sub);
    } catch {
      return false;
    }
  }, [sub]);
  useEffect(() => {
    if (!sub) return;
    try {
      const seen = (localStorage.getItem(WELCOMED_KEY) ?? '').split(' ').filter((one) => one && one !== sub);
      localStorage.setItem(WELCOMED_KEY, [...seen.slice(-19), sub].join(' '));
    } catch {
      // Private mode without storage: every visit is greeted as a return.
    }
  }, [sub]);
  return first;
}
