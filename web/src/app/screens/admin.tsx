import { Button, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { Tabs } from '../../ui/Tabs.js';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useEffect } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { ActivityTab } from '../../features/activity/components/ActivityTab.js';
import { DesignerReviewTab } from '../../features/projects/components/DesignerReviewTab.js';
import { ModerationTab } from '../../features/activity/components/ModerationTab.js';
import { ProjectsTab } from '../../features/projects/components/ProjectsTab.js';
import { SignOutDesignersButton } from '../../features/designers/components/SignOutDesignersButton.js';
import { UsersTab } from '../../features/users/components/UsersTab.js';
import { useDesignerOptions } from '../../features/designers/api/use-designers.js';
import '../../ui/admin.css';
import { AuditPanel } from '../../features/audit/components/AuditPanel.js';
import { SyncSubscriptionsButton } from '../../features/billing/components/SyncSubscriptionsButton.js';
import { toast } from '../../ui/toast/use-toast.js';
import { ApiError } from '../api.js';
import { meQuery } from '../../features/users/api/get-me.js';
import type { MeResponse } from '../../lib/contracts.js';
import { AppHeader } from '../shell/AppHeader.js';
import { Page } from '../../ui/Page.js';
import { CardsSkeleton, Skeleton, SkeletonBlock } from '../../ui/Skeleton.js';
import { AdminWaitingOnYou } from '../../features/projects/components/AdminWaitingOnYou.js';

// The Insights tab brings its chart library: loaded only when the tab is opened.
const InsightsTab = lazy(() => import('../../features/insights/components/InsightsTab.js'));

const TABS = [
  { value: 'projects', label: 'Projects' },
  { value: 'review', label: 'Designer Review' },
  { value: 'moderation', label: 'Comment Moderation' },
  { value: 'activity', label: 'Global Activity' },
  { value: 'users', label: 'Users' },
  { value: 'audit', label: 'Audit' },
  { value: 'insights', label: 'Insights' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/**
 * Access needs an active admin role (docs/product.md#roles): the route guard reads the token's groups; the
 * server's answer is checked here as well. Not an admin: 'Access denied. Admin privileges required.'
 * and /dashboard; the check failing: 'Access verification failed' and /dashboard.
 */
function useAdminAccess(): { verified: boolean; me: MeResponse | null } {
  const navigate = useNavigate();
  const access = useQuery(meQuery());
  const me = access.data ?? null;
  const verified = !!me?.roles.includes('admin');
  useEffect(() => {
    if (me && !me.roles.includes('admin')) {
      toast({ title: 'Access denied. Admin privileges required.', variant: 'destructive' });
      navigate('/dashboard', { replace: true });
    }
  }, [me, navigate]);
  useEffect(() => {
    const error = access.error;
    // A refused session is handled by the API client (sign-out, /auth).
    if (!error || (error instanceof ApiError && error.status === 401)) return;
    console.error('Admin access check failed', error);
    toast({ title: 'Access verification failed', variant: 'destructive' });
    navigate('/dashboard', { replace: true });
  }, [access.error, navigate]);
  return { verified, me };
}

/** Admin Dashboard (/admin): the five tabs of docs/product.md#screens, and the audit. */
export default function AdminScreen() {
  const { verified, me } = useAdminAccess();
  const [params, setParams] = useSearchParams();
  const tab: TabValue = TABS.some((t) => t.value === params.get('tab')) ? (params.get('tab') as TabValue) : 'projects';
  const designers = useDesignerOptions();

  useEffect(() => {
    if (designers.failed) toast({ title: 'Failed to load designers', variant: 'destructive' });
  }, [designers.failed]);

  const selectTab = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === 'projects') next.delete('tab');
    else next.set('tab', value);
    setParams(next, { replace: true });
  };

  return (
    <Page title="Admin Dashboard" width="wide" header={<AppHeader name={me?.user.full_name} />}>
      {!verified ? (
        // The dashboard's shape while the server confirms the admin role (GET /api/me).
        <Flex direction="column" gap="large">
          <Skeleton label="Loading the admin dashboard">
            <SkeletonBlock width="min(20rem, 70%)" height="2.25rem" />
            <SkeletonBlock width="min(34rem, 90%)" />
            <SkeletonBlock width="min(40rem, 100%)" height="2.5rem" />
          </Skeleton>
          <CardsSkeleton label="Loading projects" count={4} />
        </Flex>
      ) : (
        <Flex direction="column" gap="large">
          <AdminWaitingOnYou />
          <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="medium" className="admin-header">
            <div>
              <Heading level={1}>Admin Dashboard</Heading>
              <Text color="font.secondary">
                Review and assign projects, moderate comments, follow activity and manage users.
              </Text>
            </div>
            <Flex gap="small" wrap="wrap" className="admin-actions-row">
              <AdminActions />
            </Flex>
            {/* A phone: the three actions in a menu, so the board starts above the fold. */}
            <details className="admin-actions-menu">
              <summary>Actions</summary>
              <div className="admin-actions-menu__panel">
                <AdminActions />
              </div>
            </details>
          </Flex>
          <Tabs
            value={tab}
            onValueChange={selectTab}
            isLazy
            items={TABS.map(({ value, label }) => ({
              value,
              label,
              content: (
                <div className="admin-tab">
                  {value === 'projects' ? (
                    <ProjectsTab designers={designers.options} />
                  ) : value === 'review' ? (
                    <DesignerReviewTab />
                  ) : value === 'moderation' ? (
                    <ModerationTab />
                  ) : value === 'activity' ? (
                    <ActivityTab />
                  ) : value === 'users' ? (
                    <UsersTab />
                  ) : value === 'insights' ? (
                    <Suspense fallback={<Loader size="large" ariaLabel="Loading insights" />}>
                      <InsightsTab designers={designers.options} />
                    </Suspense>
                  ) : (
                    <AuditPanel />
                  )}
                </div>
              ),
            }))}
          />
        </Flex>
      )}
    </Page>
  );
}

function AdminActions() {
  return (
    <>
      <SyncSubscriptionsButton />
      <SignOutDesignersButton />
      <Button as={RouterLink} to="/admin/designer-management" variation="primary">
        Designer Management
      </Button>
    </>
  );
}
