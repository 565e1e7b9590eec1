import { RequireDesigner } from '../components/RequireDesigner.js';
import { DesignerDashboard, DesignerDashboardSkeleton } from '../../projects/index.js';
import { useMe } from '../../users/api/use-me.js';
import { useSession } from '../../../app/auth/session.js';
import { AppHeader } from '../../../app/shell/AppHeader.js';
import { Page } from '../../../ui/Page.js';

/**
 * Designer Dashboard (/designer). First the access check (RequireDesigner: an active designer
 * authorisation by id or e-mail, else link-designer-role, else 'Access denied. Designer privileges
 * required.' and /dashboard); only then the dashboard below it.
 */
export default function DesignerScreen() {
  return (
    <RequireDesigner pending={<DesignerFrame />}>
      <DesignerHome />
    </RequireDesigner>
  );
}

/** The screen's frame while the access check runs: the header at once, the dashboard as a skeleton. */
function DesignerFrame() {
  return (
    <Page title="Designer Dashboard" width="wide" header={<AppHeader />}>
      <DesignerDashboardSkeleton />
    </Page>
  );
}

/** Below the check: the designer dashboard's content (components/designer), in the signed-in frame. */
function DesignerHome() {
  const { user } = useSession();
  const { me } = useMe();
  const name = me?.user.full_name ?? user?.name;
  return (
    <Page title="Designer Dashboard" width="wide" header={<AppHeader name={me?.user.full_name} />}>
      <DesignerDashboard name={name} />
    </Page>
  );
}
