import { Alert, Button, Card, Flex, Heading, Link, Text } from '@aws-amplify/ui-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import { CheckoutSuccessDialog, PlanButton } from '../../billing/index.js';
import { useReloadSubscription } from '../../billing/api/get-subscription.js';
import { RecentProjects } from '../components/dashboard/RecentProjects.js';
import { ProjectsLoadError } from '../components/ProjectsLoadError.js';
import { WaitingOnYou } from '../components/WaitingOnYou.js';
import { clientWaiting } from '../components/waiting.js';
import { StatusCounters } from '../components/dashboard/StatusCounters.js';
import { WelcomeCard, useFirstVisit } from '../components/dashboard/WelcomeCard.js';
import { useProjects } from '../api/useProjects.js';
import '../components/project.css';
import type { ProjectCard } from '../../../lib/contracts.js';
import { hasRole } from '../../../app/auth/roles.js';
import { useSession } from '../../../app/auth/session.js';
import { useMe } from '../../users/api/use-me.js';
import { AppHeader } from '../../../app/shell/AppHeader.js';
import { Page } from '../../../ui/Page.js';
import { StatsSkeleton } from '../../../ui/Skeleton.js';
import { useProjectParam } from '../api/use-project-param.js';

// The dialogs load when first needed: a project opened, or the return from checkout.
const ProjectDetailDialog = lazy(() =>
  import('../components/ProjectDetailDialog.js').then((m) => ({ default: m.ProjectDetailDialog })),
);
const ProjectManagementDialog = lazy(() =>
  import('../components/ProjectManagementDialog.js').then((m) => ({ default: m.ProjectManagementDialog })),
);

/** The client's home (/dashboard). Designers work from /designer instead. */
export default function DashboardScreen() {
  const { user } = useSession();
  const location = useLocation();
  // Sent here by the designer screen's refusal: a token that still names the group must not bounce back.
  const refused = (location.state as { designerRefused?: boolean } | null)?.designerRefused === true;
  if (hasRole(user, 'designer') && !refused) return <Navigate to="/designer" replace />;
  return <ClientDashboard />;
}

function ClientDashboard() {
  const { user } = useSession();
  const { me, loading, reload } = useMe();
  // One GET /api/projects (one projection read) feeds the counters, the count and the recent list.
  const { projects, failed, retrying, counts, reload: reloadProjects } = useProjects();
  const total = counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : (projects?.length ?? null);
  const [open, setOpen] = useState<ProjectCard | null>(null);
  // Once a project has been opened its dialog stays mounted (the native <dialog> closes itself).
  const [dialogUsed, setDialogUsed] = useState(false);
  const [params] = useSearchParams();
  // A notification's link (`?project=<id>`) opens that project's dialog.
  useProjectParam(projects, (project) => {
    setDialogUsed(true);
    setOpen(project);
  });
  const checkoutReturn = params.get('success') === 'true';
  const [checkoutUsed, setCheckoutUsed] = useState(checkoutReturn);
  useEffect(() => {
    if (checkoutReturn) setCheckoutUsed(true);
  }, [checkoutReturn]);
  const reloadSubscription = useReloadSubscription();
  // The profile's name, else the token's; the e-mail's local part only once the profile has answered.
  const name = me?.user.full_name || user?.name || (loading ? null : user?.email.split('@')[0] || 'there');
  const firstVisit = useFirstVisit(me);
  const admin = hasRole(user, 'admin');
  const none = projects !== null && projects.length === 0;
  // Projects are submitted by clients, or by an admin for a client; a designer is not offered the wizard.
  const maySubmit = admin || !hasRole(user, 'designer');

  return (
    <Page title="Dashboard" header={<AppHeader name={me?.user.full_name} />}>
      <Flex direction="column" gap="large" className="dashboard-stack">
        <WaitingOnYou items={projects ? clientWaiting(projects) : null} />
        {me?.designer_invitation ? (
          <DesignerInvitationNotice invitation={me.designer_invitation} email={me.user.email} />
        ) : null}
        <WelcomeCard name={name} me={me} projectCount={total} firstVisit={firstVisit} planButton={<PlanButton />} />

        <section aria-labelledby="your-projects-heading">
          <Flex direction="column" gap="xxs" marginBottom="medium">
            <Heading level={2} fontSize="large" id="your-projects-heading">
              Your Projects
            </Heading>
            <Text color="font.secondary">
              {none
                ? "You haven't submitted any projects yet. Start your first one below."
                : 'Track the status of your projects, from queued to delivered.'}
            </Text>
          </Flex>
          {failed ? (
            <ProjectsLoadError retrying={retrying} onRetry={reloadProjects} />
          ) : projects === null ? (
            // The counters' shape, as tall as they are: nothing moves when they arrive.
            <StatsSkeleton label="Loading projects" />
          ) : (
            <StatusCounters projects={projects} counts={counts} />
          )}
        </section>

        {/* What follows depends on the projects: it appears with them, rather than being pushed down by them. */}
        {projects === null ? null : (
          <>
            {none ? (
              <Card variation="outlined" padding="xl" className="empty-state">
                <Flex direction="column" alignItems="center" gap="small" textAlign="center">
                  <Heading level={3} fontSize="large">
                    Start Your First Project
                  </Heading>
                  <Text color="font.secondary">
                    Describe your project and get an AI-generated checklist with a turnaround estimate.
                  </Text>
                  {maySubmit ? (
                    <Button as={RouterLink} to="/submit" variation="primary">
                      Start Your First Project
                    </Button>
                  ) : null}
                </Flex>
              </Card>
            ) : (
              // docs/product.md §dashboard: the empty state's call to action, "otherwise" these two cards.
              <Flex gap="medium" wrap="wrap">
                {maySubmit ? (
                  <DashboardLink
                    to="/submit"
                    title="New Project"
                    text="Describe your project and get an AI-generated checklist."
                  />
                ) : null}
                <DashboardLink
                  to="/board"
                  title="Project Board"
                  text="See every project by status, from queued to delivered."
                />
              </Flex>
            )}

            {projects.length > 0 ? (
              <RecentProjects
                projects={projects}
                onOpen={(project) => {
                  setDialogUsed(true);
                  setOpen(project);
                }}
              />
            ) : null}
          </>
        )}
      </Flex>

      <Suspense fallback={null}>
        {!dialogUsed ? null : admin ? (
          <ProjectManagementDialog project={open} onClose={() => setOpen(null)} />
        ) : (
          <ProjectDetailDialog project={open} onClose={() => setOpen(null)} />
        )}
      </Suspense>
      <Suspense fallback={null}>
        {checkoutUsed ? (
          <CheckoutSuccessDialog
            projectCount={total}
            onClose={() => {
              reload();
              reloadProjects();
              // The plan button checks the subscription again.
              reloadSubscription();
            }}
          />
        ) : null}
      </Suspense>
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

/**
 * Someone whose address has a designer invitation waiting (GET /api/me): registering granted
 * nothing yet, the invitation's link does. Said before anything else on the dashboard.
 */
function DesignerInvitationNotice({
  invitation,
  email,
}: {
  invitation: { status: 'pending' | 'expired' };
  email: string;
}) {
  return invitation.status === 'pending' ? (
    <Alert variation="info" heading="Your designer invitation is waiting">
      We sent an invitation to join the studio as a designer to {email}. Follow the link in that e-mail to start working
      on your projects; until then this is a client dashboard. No e-mail? Check your spam folder, or ask the studio's
      admin to resend it.
    </Alert>
  ) : (
    <Alert variation="warning" heading="Your designer invitation has expired">
      The invitation to join the studio as a designer that we sent to {email} is no longer valid. Ask the studio's admin
      to resend it from Designer Management, then follow the new link.
    </Alert>
  );
}
