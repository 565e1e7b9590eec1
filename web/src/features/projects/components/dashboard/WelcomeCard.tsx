import { Card, Flex, Heading, Placeholder } from '@aws-amplify/ui-react';
import { useEffect, useState, type ReactNode } from 'react';
import type { MeResponse } from '#web/lib/contracts.js';
import { monthYear } from '#web/lib/format.js';
import { typeLabel } from '#web/lib/project-words.js';
import { useRecordWelcome } from '../../../users/api/record-welcome.js';
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
export function WelcomeCard({
  name,
  me,
  projectCount,
  planButton,
  firstVisit = false,
}: {
  name: string | null;
  me: MeResponse | null;
  projectCount: number | null;
  planButton: ReactNode;
  firstVisit?: boolean;
}) {
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

/** The accounts this browser has greeted (space-separated subs, the latest 20): a cache of the account's own record. */
const WELCOMED_KEY = 'dc_welcomed';

function greetedHere(sub: string): boolean {
  try {
    return (localStorage.getItem(WELCOMED_KEY) ?? '').split(' ').includes(sub);
  } catch {
    return false;
  }
}

function rememberGreeted(sub: string) {
  try {
    const seen = (localStorage.getItem(WELCOMED_KEY) ?? '').split(' ').filter((one) => one && one !== sub);
    localStorage.setItem(WELCOMED_KEY, [...seen.slice(-19), sub].join(' '));
  } catch {
    // Private mode without storage: the account's record still answers.
  }
}

/**
 * Whether this is the account's first visit to its dashboard: the account says so (`welcomed_at`,
 * recorded on the server by POST /api/me/welcome), so a returning client on a new device is greeted
 * as returning. This browser's memory only covers the moment before the record reaches the profile
 * view (a reload straight after the first visit). Read once per account: the visit that records it
 * still says 'Welcome', a reload 'Welcome back'.
 */
export function useFirstVisit(me: MeResponse | null): boolean {
  const record = useRecordWelcome();
  const sub = me?.user.id;
  const welcomed = me ? me.user.welcomed_at !== null : null;
  const [first, setFirst] = useState<{ sub: string; first: boolean } | null>(null);
  useEffect(() => {
    if (!sub || welcomed === null || first?.sub === sub) return;
    const isFirst = !welcomed && !greetedHere(sub);
    setFirst({ sub, first: isFirst });
    rememberGreeted(sub);
    if (!welcomed)
      record.mutate(undefined, { onError: (error) => console.error('Could not record the welcome', error) });
  }, [sub, welcomed, first?.sub, record]);
  return first !== null && first.sub === sub ? first.first : false;
}
